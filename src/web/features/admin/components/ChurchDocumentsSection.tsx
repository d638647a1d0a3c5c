import { Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatKb } from '../../../../shared/schemas/documents.js';
import { DocumentUploadForm } from '@/components/DocumentUploadForm.js';
import { kindLabel } from '@/lib/document-kinds.js';
import { useUploadChurchDocument, type ChurchDetails, type DocumentInfo } from '../api/accounts.js';
import { downloadDocument } from '@/lib/download-document.js';
import { ResponsiveList } from './ResponsiveList.js';

export const downloadFailed = 'Could not download the document.';

const download = (doc: DocumentInfo) => downloadDocument(doc, downloadFailed);

/** The church's documents with their downloads, and a PDF upload for the church. */
export function ChurchDocumentsSection({ church }: { church: ChurchDetails }) {
  const upload = useUploadChurchDocument(church.id);
  const [downloading, setDownloading] = useState<number | null>(null);

  async function onDownload(doc: DocumentInfo) {
    setDownloading(doc.id);
    await download(doc);
    setDownloading(null);
  }

  return (
    <Stack gap="xl">
      <section aria-labelledby="church-documents-heading">
        <Title order={2} size="h3" id="church-documents-heading" mb="sm">
          Documents
        </Title>
        {church.documents.length === 0 ? (
          <Text>This church has no documents.</Text>
        ) : (
          <ResponsiveList<DocumentInfo>
            caption={`Documents of ${church.accountName}`}
            items={church.documents}
            itemId={(d) => `document-${d.id}`}
            minWidth={640}
            title={{ label: 'File name', width: '24%', cell: (d) => d.fileName }}
            columns={[
              { label: 'Description', width: '26%', cell: (d) => d.description },
              { label: 'Kind', width: '12%', cell: (d) => kindLabel(d) },
              { label: 'Uploaded', width: '14%', cell: (d) => d.createdAt.slice(0, 10) },
              { label: 'Size (KB)', width: '10%', cell: (d) => formatKb(d.fileSize) },
            ]}
            actions={{
              label: 'Download',
              // Wide enough for the button at 1280 px beside the side navigation.
              width: '14%',
              cell: (d, size) => (
                <Button
                  size={size}
                  variant="light"
                  aria-label={`Download ${d.fileName}`}
                  loading={downloading === d.id}
                  onClick={() => void onDownload(d)}
                >
                  Download
                </Button>
              ),
            }}
          />
        )}
      </section>
      <DocumentUploadForm
        upload={upload}
        title="Upload a document for this church"
        headingId="church-upload-heading"
      />
    </Stack>
  );
}
