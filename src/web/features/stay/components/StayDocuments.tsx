import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { isReceiptFor } from '../../../../shared/schemas/documents.js';
import type { DocumentInfo } from '@/lib/api/documents.js';
import { kindLabel } from '@/lib/document-kinds.js';
import { formatDate } from '@/lib/format.js';
import { downloadDocument } from '@/lib/download-document.js';
import { StaySection } from './StaySection.js';

/** The documents of one stay: its invoices, receipts, credit notes and signed agreement, oldest first. */
export const documentsOfStay = (documents: readonly DocumentInfo[], reservationId: number) =>
  documents
    .filter(
      (d) =>
        (d.reservationId === reservationId && d.kind !== 'upload' && d.kind !== 'insurance') ||
        isReceiptFor(d, reservationId),
    )
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);

/** "Documents": the stay's records, each with its kind, description, day and Download. */
export function StayDocuments({
  reservationId,
  documents,
  failed,
}: {
  reservationId: number;
  /** The church's documents; undefined while loading. */
  documents: DocumentInfo[] | undefined;
  failed: boolean;
}) {
  const mine = documents ? documentsOfStay(documents, reservationId) : [];
  let content;
  if (failed) {
    content = (
      <Text role="alert" c="red.9">
        The documents could not be loaded just now.
      </Text>
    );
  } else if (documents === undefined) content = <Text>Loading the documents...</Text>;
  else if (mine.length === 0) {
    content = (
      <Text>
        No documents yet. The invoices, the receipts and the signed agreement of this stay appear
        here.
      </Text>
    );
  } else {
    content = (
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {mine.map((doc) => (
          <Paper component="li" key={doc.id} withBorder p="sm">
            <Group justify="space-between" align="flex-start" gap="xs">
              <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Text fw={600}>{kindLabel(doc)}</Text>
                <Text size="sm">{doc.description}</Text>
                <Text size="sm">{`Added on ${formatDate(doc.createdAt)}`}</Text>
              </div>
              <Button
                size="compact-sm"
                variant="light"
                aria-label={`Download ${doc.fileName}`}
                onClick={() => void downloadDocument(doc)}
              >
                Download
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <StaySection id="documents" title="Documents">
      {content}
    </StaySection>
  );
}
