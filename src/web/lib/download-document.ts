import { notifications } from '@mantine/notifications';
import { saveThroughLink } from '@/components/save-through-link.js';
import { errorMessage } from '@/lib/api/client.js';
import { documentDownloadLink, type DocumentInfo } from '@/lib/api/documents.js';

export const DOWNLOAD_FAILED = 'The document could not be downloaded. Please try again.';

/** Saves a document through its signed link; a failure is a notification (`failed` unless the server says why). */
export async function downloadDocument(
  doc: Pick<DocumentInfo, 'id' | 'fileName'>,
  failed = DOWNLOAD_FAILED,
) {
  try {
    const { downloadUrl, fileName } = await documentDownloadLink(doc.id);
    saveThroughLink(downloadUrl, fileName || doc.fileName);
  } catch (error) {
    notifications.show({
      color: 'red',
      title: 'Download',
      message: errorMessage(error, failed),
    });
  }
}
