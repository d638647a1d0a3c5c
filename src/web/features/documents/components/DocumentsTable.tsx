import { Button, Group, Table, Text } from '@mantine/core';
import { formatKb, type DocumentInfo } from '../../../../shared/schemas/documents.js';
import { ColumnHeaders } from '@/components/tables/ColumnHeaders.js';
import { isRecord, kindLabel } from '@/lib/document-kinds.js';
import { formatDate } from '@/lib/format.js';

export { isRecord, KIND_LABELS, kindLabel } from '@/lib/document-kinds.js';

export const RECORD_NOTE = 'Record: kept with your payments';

export interface DocumentsTableProps {
  documents: DocumentInfo[];
  /** The document being downloaded, for its button's loader. */
  downloading: number | null;
  onDownload: (doc: DocumentInfo) => void;
  onDelete: (doc: DocumentInfo) => void;
}

export interface DocumentActionsProps extends Omit<DocumentsTableProps, 'documents'> {
  doc: DocumentInfo;
  /** Lets the buttons wrap under each other (a narrow card). */
  wrap?: boolean;
}

/** Download, and Delete for an upload or the note that a record stays (docs/product.md §2). */
export function DocumentActions({
  doc,
  downloading,
  onDownload,
  onDelete,
  wrap = false,
}: DocumentActionsProps) {
  return (
    <Group gap="xs" wrap={wrap ? 'wrap' : 'nowrap'}>
      <Button
        size="xs"
        variant="light"
        style={{ flexShrink: 0 }}
        aria-label={`Download ${doc.fileName}`}
        loading={downloading === doc.id}
        onClick={() => onDownload(doc)}
      >
        Download
      </Button>
      {isRecord(doc) ? (
        <Text size="xs" c="dimmed">
          {RECORD_NOTE}
        </Text>
      ) : (
        <Button
          size="xs"
          variant="light"
          color="red"
          style={{ flexShrink: 0 }}
          aria-label={`Delete ${doc.fileName}`}
          onClick={() => onDelete(doc)}
        >
          Delete
        </Button>
      )}
    </Group>
  );
}

/** The account's documents with their kind, Download, and Delete for uploads (docs/product.md §2). */
export function DocumentsTable({
  documents,
  downloading,
  onDownload,
  onDelete,
}: DocumentsTableProps) {
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped verticalSpacing="sm">
        <ColumnHeaders
          columns={[
            'File Name',
            'Description',
            'Kind',
            'Uploaded By',
            'Upload Date',
            'Size (KB)',
            'Actions',
          ]}
        />
        <Table.Tbody>
          {documents.map((doc) => (
            <Table.Tr key={doc.id} id={`document-${doc.id}`}>
              <Table.Td style={{ wordBreak: 'break-word' }}>{doc.fileName}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{doc.description}</Table.Td>
              <Table.Td>{kindLabel(doc)}</Table.Td>
              <Table.Td>{doc.uploader?.username ?? 'N/A'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(doc.createdAt)}</Table.Td>
              <Table.Td>{formatKb(doc.fileSize)}</Table.Td>
              <Table.Td>
                <DocumentActions
                  doc={doc}
                  downloading={downloading}
                  onDownload={onDownload}
                  onDelete={onDelete}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
