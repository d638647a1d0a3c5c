import { Badge, Button, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { localToday, todayIn, type DayKey } from '../../../../shared/dates.js';
import { formatMoney } from '../../../../shared/pricing.js';
import { errorMessage } from '../../../api/client.js';
import { useFacilityInfo } from '../../../api/facility.js';
import { inlineDocumentLink, type LedgerEntry } from '../api/payments.js';

const noWrap = { whiteSpace: 'nowrap' } as const;
const openFailed = 'Could not open the document.';

/** The day an entry was made, in the house's time zone when known. */
function entryDay(createdAt: string, timeZone: string): DayKey {
  const at = new Date(createdAt);
  if (Number.isNaN(at.getTime())) return createdAt.slice(0, 10);
  try {
    return timeZone ? todayIn(timeZone, at) : localToday(at);
  } catch {
    return localToday(at);
  }
}

/**
 * Opens a receipt or credit note in a new tab. The tab is opened at once,
 * inside the click, so that pop-up blockers allow it; it is sent to the signed
 * link when that arrives, and closed again if it does not.
 */
async function openDocument(documentId: number): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const { downloadUrl } = await inlineDocumentLink(documentId);
    if (tab && !tab.closed) tab.location.href = downloadUrl;
    else window.open(downloadUrl, '_blank', 'noopener');
  } catch (error) {
    tab?.close();
    notifications.show({
      color: 'red',
      title: 'Payments',
      message: errorMessage(error, openFailed),
    });
  }
}

/** One page of ledger entries, in the server's order. */
export function LedgerTable({ entries, caption }: { entries: LedgerEntry[]; caption: string }) {
  const timeZone = useFacilityInfo().data?.timeZone ?? '';
  const [opening, setOpening] = useState<number | null>(null);

  async function view(documentId: number) {
    setOpening(documentId);
    await openDocument(documentId);
    setOpening(null);
  }

  return (
    <Table.ScrollContainer minWidth={980}>
      <Table striped captionSide="top" verticalSpacing="sm">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Church</Table.Th>
            <Table.Th scope="col">Event</Table.Th>
            <Table.Th scope="col">Kind</Table.Th>
            <Table.Th scope="col" ta="right">
              Amount
            </Table.Th>
            <Table.Th scope="col">Reference</Table.Th>
            <Table.Th scope="col">Reason</Table.Th>
            <Table.Th scope="col">Document</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <LedgerRow
              key={e.id}
              entry={e}
              day={entryDay(e.createdAt, timeZone)}
              opening={e.documentId !== null && opening === e.documentId}
              onView={(documentId) => void view(documentId)}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface LedgerRowProps {
  entry: LedgerEntry;
  day: DayKey;
  opening: boolean;
  onView: (documentId: number) => void;
}

function LedgerRow({ entry: e, day, opening, onView }: LedgerRowProps) {
  const refund = e.kind === 'refund';
  const label = refund ? 'View credit note' : 'View receipt';
  const { documentId } = e;
  return (
    <Table.Tr>
      <Table.Td style={noWrap}>{day}</Table.Td>
      <Table.Td>{e.accountName ?? '—'}</Table.Td>
      <Table.Td>
        <Text>{e.eventName ?? '—'}</Text>
        {e.firstDay && e.lastDay ? (
          <Text size="sm" c="dimmed" style={noWrap}>
            {e.firstDay} to {e.lastDay}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Badge
          color={refund ? 'orange' : 'green'}
          variant="light"
          style={{ minWidth: 'max-content' }}
        >
          {refund ? 'Refund' : 'Charge'}
        </Badge>
      </Table.Td>
      <Table.Td ta="right" style={noWrap}>
        {formatMoney(Math.abs(e.amountCents), e.currency)}
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {e.reference}
        </Text>
      </Table.Td>
      <Table.Td>{e.reason ?? ''}</Table.Td>
      <Table.Td>
        {documentId !== null ? (
          <Button
            size="xs"
            variant="light"
            aria-label={`${label} for ${e.eventName ?? 'entry'} of ${day}`}
            loading={opening}
            onClick={() => onView(documentId)}
            style={noWrap}
          >
            {label}
          </Button>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
