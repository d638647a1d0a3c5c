import { Alert, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../../../shared/messages.js';
import type { DocumentInfo } from '../../../../shared/schemas/documents.js';
import { errorMessage } from '@/lib/api/client.js';
import { CenteredLoader } from '@/components/CenteredLoader.js';
import { ConfirmDialog } from '@/components/ConfirmDialog.js';
import { byId, focusResult } from '@/components/focus-result.js';
import { PageTitle } from '@/components/PageTitle.js';
import { saveThroughLink } from '@/components/save-through-link.js';
import { useIsPhone } from '@/components/useIsPhone.js';
import { DocumentUploadForm } from '@/components/DocumentUploadForm.js';
import {
  documentsListQuery,
  downloadLink,
  useDeleteDocument,
  useUploadDocument,
} from '../api/documents.js';
import { useTimedMessage } from '@/components/useTimedMessage.js';
import { DocumentCards } from './DocumentCards.js';
import { DocumentsTable } from './DocumentsTable.js';

/** docs/product.md §4: delete success clears after 3 s, a delete error after 5 s. */
export const DELETE_SUCCESS_MS = 3000;
export const DELETE_ERROR_MS = 5000;

async function downloadDocument(doc: DocumentInfo) {
  try {
    const { downloadUrl, fileName } = await downloadLink(doc.id);
    saveThroughLink(downloadUrl, fileName || doc.fileName);
  } catch (error) {
    const reason = error instanceof Error && error.message.trim() ? error.message : 'Unknown error';
    notifications.show({
      color: 'red',
      title: 'Download',
      message: `Failed to download document: ${reason}`,
    });
  }
}

/** /account/documentation: upload a PDF, list, download and delete the account's documents (docs/product.md §2). */
export function DocumentationPage() {
  const list = useQuery(documentsListQuery);
  const upload = useUploadDocument();
  const remove = useDeleteDocument();
  // The document asked about stays set while the dialog closes, so its text does not flash.
  const [toDelete, setToDelete] = useState<DocumentInfo | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState<number | null>(null);
  const deleted = useTimedMessage(DELETE_SUCCESS_MS);
  const deleteError = useTimedMessage(DELETE_ERROR_MS);
  const phone = useIsPhone();

  async function onDownload(doc: DocumentInfo) {
    setDownloading(doc.id);
    await downloadDocument(doc);
    setDownloading(null);
  }

  function onConfirmDelete() {
    if (!toDelete) return;
    deleted.clear();
    deleteError.clear();
    remove.mutate(toDelete.id, {
      onSuccess: (answer) => {
        deleted.show(answer?.message || 'Document deleted.');
        // The row and its button are gone: focus the list's heading, the message is under it.
        focusResult(byId('documents-heading'));
      },
      onError: (error) =>
        deleteError.show(`Delete Error: ${errorMessage(error, messages.deleteDocumentFailed)}`),
      onSettled: () => setConfirming(false),
    });
  }

  const documents = list.data;
  const listProps = {
    downloading,
    onDownload: (doc: DocumentInfo) => void onDownload(doc),
    onDelete: (doc: DocumentInfo) => {
      setToDelete(doc);
      setConfirming(true);
    },
  };

  return (
    <>
      <PageTitle>Documentation</PageTitle>
      <Stack gap="xl">
        <DocumentUploadForm upload={upload} />

        <section aria-labelledby="documents-heading">
          <Title order={2} size="h3" id="documents-heading" mb="sm">
            Account Documents
          </Title>
          {deleted.message ? (
            <Alert color="teal" role="status" mb="sm">
              {deleted.message}
            </Alert>
          ) : null}
          {deleteError.message ? (
            <Alert color="red" role="alert" mb="sm">
              {deleteError.message}
            </Alert>
          ) : null}
          {list.isError ? (
            <Alert color="red" mb="sm">
              {`Error listing documents: ${errorMessage(list.error, messages.documentsLoadFailed)}`}
            </Alert>
          ) : null}
          {list.isPending ? (
            <CenteredLoader label="Loading documents..." />
          ) : !documents ? null : documents.length === 0 ? (
            <Text>{messages.noDocuments}</Text>
          ) : phone ? (
            // A phone gets cards (every field and button in view), a wider screen the table.
            <DocumentCards documents={documents} labelledBy="documents-heading" {...listProps} />
          ) : (
            <DocumentsTable documents={documents} {...listProps} />
          )}
        </section>
      </Stack>

      <ConfirmDialog
        opened={confirming && toDelete !== null}
        title="Delete document"
        message={
          toDelete
            ? `Are you sure you want to delete the document "${toDelete.fileName}"? This cannot be undone.`
            : ''
        }
        confirmLabel="Delete"
        confirmColor="red"
        busy={remove.isPending}
        onConfirm={onConfirmDelete}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
