import { Paper, Stack } from '@mantine/core';
import { formatKb } from '../../../../shared/schemas/documents.js';
import { CardList, Field, FieldList } from '@/components/cards/CardList.js';
import { formatDate } from '@/lib/format.js';
import { DocumentActions, kindLabel, type DocumentsTableProps } from './DocumentsTable.js';

export interface DocumentCardsProps extends DocumentsTableProps {
  /** Names the list, e.g. the id of the section's heading. */
  labelledBy: string;
}

/**
 * The account's documents on a phone: one card per document with the table's
 * columns as labelled fields and its Download and Delete buttons (docs/product.md §2).
 */
export function DocumentCards({
  documents,
  labelledBy,
  downloading,
  onDownload,
  onDelete,
}: DocumentCardsProps) {
  return (
    <CardList labelledBy={labelledBy}>
      {documents.map((doc) => (
        <Paper component="li" key={doc.id} id={`document-${doc.id}`} withBorder p="sm">
          <FieldList>
            <Field label="File Name">{doc.fileName}</Field>
            <Field label="Description">{doc.description}</Field>
            <Field label="Kind">{kindLabel(doc)}</Field>
            <Field label="Uploaded By">{doc.uploader?.username ?? 'N/A'}</Field>
            <Field label="Upload Date">
              <span style={{ whiteSpace: 'nowrap' }}>{formatDate(doc.createdAt)}</span>
            </Field>
            <Field label="Size (KB)">{formatKb(doc.fileSize)}</Field>
          </FieldList>
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
    </CardList>
  );
}
