import { Button, Table, Text } from '@mantine/core';
import { formatMoney } from '../../../../shared/pricing.js';
import type { LedgerEntry } from '../../../../shared/schemas/payments.js';
import type { DocumentInfo } from '@/lib/api/documents.js';
import { formatDate } from '@/lib/format.js';
import { receiptId, type HistoryGroup } from '../ledger.js';

export const RECEIPT_PROCESSING = 'Receipt processing...';
export const CREDIT_NOTE_PROCESSING = 'Credit note processing...';

export type PaperKind = 'receipt' | 'credit note';

export interface HistoryGroupRowsProps {
  group: HistoryGroup;
  documents: DocumentInfo[];
  /** The document being opened, for its button's loader. */
  opening: number | null;
  onOpen: (documentId: number, kind: PaperKind) => void;
}

/** The document of an entry: the charge's receipt, else the refund's credit note. */
const paperOf = (entry: LedgerEntry, group: HistoryGroup, documents: readonly DocumentInfo[]) =>
  entry.kind === 'charge' ? receiptId(entry, documents, group.entries) : entry.documentId;

/**
 * The receipt button's name: the event, and with more than one payment (a
 * deposit, then the balance) the amount and the day too.
 */
function receiptName(entry: LedgerEntry, group: HistoryGroup): string {
  const charges = group.entries.filter((e) => e.kind === 'charge').length;
  const name = `View Receipt for ${group.eventName}`;
  return charges > 1 ? `${name}, ${amountOf(entry)}, ${formatDate(entry.createdAt)}` : name;
}

/**
 * The document of one entry of the group: the receipt of a charge, or the
 * credit note of a refund; a button, or "processing".
 */
export function PaperCell({
  entry,
  group,
  documents,
  opening,
  onOpen,
}: HistoryGroupRowsProps & { entry: LedgerEntry }) {
  const documentId = paperOf(entry, group, documents);
  const eventName = group.eventName;
  const charge = entry.kind === 'charge';
  if (documentId === null) {
    return (
      <Text size="sm" c="dimmed">
        {charge ? RECEIPT_PROCESSING : CREDIT_NOTE_PROCESSING}
      </Text>
    );
  }
  const label = charge ? 'View Receipt' : 'View Credit Note';
  return (
    <Button
      size="xs"
      variant="light"
      aria-label={
        charge
          ? receiptName(entry, group)
          : `${label} for ${eventName}, ${formatDate(entry.createdAt)}`
      }
      loading={opening === documentId}
      onClick={() => onOpen(documentId, charge ? 'receipt' : 'credit note')}
    >
      {label}
    </Button>
  );
}

/** 'Payment' or 'Refund', with the refund's reason under it. */
export function Transaction({ entry }: { entry: LedgerEntry }) {
  const charge = entry.kind === 'charge';
  return (
    <>
      {charge ? 'Payment' : 'Refund'}
      {!charge && entry.reason ? (
        <Text size="xs" c="dimmed">
          {entry.reason}
        </Text>
      ) : null}
    </>
  );
}

/** The amount of a charge or refund, without its sign. */
export const amountOf = (entry: LedgerEntry) =>
  formatMoney(Math.abs(entry.amountCents), entry.currency);

/**
 * One reservation of the Payment History: its payment and each refund, with
 * amount, date, the refund's reason and the receipt or credit note.
 */
export function HistoryGroupRows(props: HistoryGroupRowsProps) {
  const { group } = props;
  const span = group.entries.length;
  return (
    <Table.Tbody>
      {group.entries.map((entry, i) => (
        <Table.Tr key={entry.id}>
          {i === 0 ? (
            <>
              <Table.Th scope="rowgroup" rowSpan={span} fw="normal">
                {group.eventName}
              </Table.Th>
              <Table.Td rowSpan={span} style={{ whiteSpace: 'nowrap' }}>
                {group.dates}
              </Table.Td>
            </>
          ) : null}
          <Table.Td>
            <Transaction entry={entry} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{amountOf(entry)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(entry.createdAt)}</Table.Td>
          <Table.Td>
            <PaperCell entry={entry} {...props} />
          </Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}
