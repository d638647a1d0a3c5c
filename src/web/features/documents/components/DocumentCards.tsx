import { Paper, Stack } from '@mantine/core';
import { formatKb } from '../../../../shared/schemas/documents.js';
import { CardField } from '../../../components/cards/CardField.js';
import { DocumentActions, formatUploadDate, type DocumentsTableProps } from './DocumentsTable.js';

export interface DocumentCardsProps extends DocumentsTableProps {
  /** Names the list, e.g. the id of the section's heading. */
  labelledBy: string;
}

/**
 * The account's documents on a phone: one card per document with the table's
 * columns as labelled fields and its Download and Delete buttons (SPEC §2).
 */
export function DocumentCards({
  documents,
  labelledBy,
  downloading,
  onDownload,
  onDelete,
}: DocumentCardsProps) {
  return (
    <Stack
      component="ul"
      role="list"
      aria-labelledby={labelledBy}
      gap="sm"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {documents.map((doc) => (
        <Paper component="li" key={doc.id} id={`document-${doc.id}`} withBorder p="sm">
          <Stack component="dl" gap={6} m={0}>
            <CardField label="File Name">{doc.fileName}</CardField>
            <CardField label="Description">{doc.description}</CardField>
            <CardField label="Uploaded By">{doc.uploader?.username ?? 'N/A'}</CardField>
            <CardField label="Upload Date">
              <span style={{ whiteSpace: 'nowrap' }}>{formatUploadDate(doc.createdAt)}</span>
            </CardField>
            <CardField label="Size (KB)">{formatKb(doc.fileSize)}</CardField>
          </Stack>
          <Stack mt="sm">
            <DocumentActions
              doc={doc}
              downloading={downloading}
              onDownload={onDownload}
              onDelete={onDelete}
              wrap
            />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
