import { Badge, Button, Card, Group, Table, Text } from '@mantine/core';
import { CardList } from '@/components/cards/CardList.js';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { localToday, todayIn, type DayKey } from '../../../../shared/dates.js';
import { formatMoney } from '../../../../shared/pricing.js';
import { errorMessage } from '@/lib/api/client.js';
import { useFacilityInfo } from '@/lib/api/facility.js';
import { DateRange } from '@/components/cards/DateRange.js';
import { ColumnHeaders } from '@/components/tables/ColumnHeaders.js';
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

/**
 * One page of ledger entries, in the server's order. `showChurch` false leaves
 * the church out, on a page that is one church's already.
 */
export function LedgerTable({
  entries,
  caption,
  showChurch = true,
}: {
  entries: LedgerEntry[];
  caption: string;
  showChurch?: boolean;
}) {
  const timeZone = useFacilityInfo().data?.timeZone ?? '';
  const [opening, setOpening] = useState<number | null>(null);

  async function view(documentId: number) {
    setOpening(documentId);
    await openDocument(documentId);
    setOpening(null);
  }

  // A row and a card show the same entry with the same button.
  const items = entries.map((entry): LedgerRowProps => ({
    entry,
    day: entryDay(entry.createdAt, timeZone),
    showChurch,
    opening: entry.documentId !== null && opening === entry.documentId,
    onView: (id) => void view(id),
  }));
  return (
    <>
      {/* Phones: one card per entry, every field and the document button visible. */}
      <CardList hiddenFrom="sm" label={caption}>
        {items.map((item) => (
          <LedgerCard key={item.entry.id} {...item} />
        ))}
      </CardList>
      <Table.ScrollContainer minWidth={760} visibleFrom="sm">
        <Table striped captionSide="top" verticalSpacing="sm">
          <Table.Caption>{caption}</Table.Caption>
          <ColumnHeaders
            columns={[
              'Date',
              showChurch && 'Church',
              'Event',
              'Kind',
              { label: 'Amount', align: 'right' },
              'Reason and reference',
              'Document',
            ]}
          />
          <Table.Tbody>
            {items.map((item) => (
              <LedgerRow key={item.entry.id} {...item} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

interface LedgerRowProps {
  entry: LedgerEntry;
  day: DayKey;
  showChurch?: boolean;
  opening: boolean;
  onView: (documentId: number) => void;
}

function KindBadge({ refund }: { refund: boolean }) {
  return (
    <Badge color={refund ? 'orange' : 'green'} variant="light" style={{ minWidth: 'max-content' }}>
      {refund ? 'Refund' : 'Charge'}
    </Badge>
  );
}

function Details({ entry: e }: { entry: LedgerEntry }) {
  return (
    <>
      {e.reason ? <Text size="sm">{e.reason}</Text> : null}
      <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {e.reference}
      </Text>
    </>
  );
}

function DocumentButton({ entry: e, day, opening, onView }: LedgerRowProps) {
  const { documentId } = e;
  if (documentId === null) return null;
  const label = e.kind === 'refund' ? 'View credit note' : 'View receipt';
  return (
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
  );
}

const stay = (e: LedgerEntry) => (e.firstDay && e.lastDay ? `${e.firstDay} to ${e.lastDay}` : null);

function LedgerRow(props: LedgerRowProps) {
  const { entry: e, day } = props;
  const dates = stay(e);
  return (
    <Table.Tr>
      <Table.Td style={noWrap}>{day}</Table.Td>
      {/* A church's name keeps a readable column; long words break inside it. */}
      {props.showChurch === false ? null : <Table.Td miw={120}>{e.accountName ?? '—'}</Table.Td>}
      <Table.Td>
        <Text>{e.eventName ?? '—'}</Text>
        {dates ? (
          <Text size="sm" c="dimmed">
            <DateRange dates={dates} />
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <KindBadge refund={e.kind === 'refund'} />
      </Table.Td>
      <Table.Td ta="right" style={noWrap}>
        {formatMoney(Math.abs(e.amountCents), e.currency)}
      </Table.Td>
      <Table.Td miw={120}>
        <Details entry={e} />
      </Table.Td>
      <Table.Td>
        <DocumentButton {...props} />
      </Table.Td>
    </Table.Tr>
  );
}

function LedgerCard(props: LedgerRowProps) {
  const { entry: e, day } = props;
  return (
    <Card component="li" withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <KindBadge refund={e.kind === 'refund'} />
        <Text fw={700}>{formatMoney(Math.abs(e.amountCents), e.currency)}</Text>
      </Group>
      <Text mt={4}>
        {e.eventName ?? '—'}
        {props.showChurch === false ? null : (
          <Text span size="sm" c="dimmed">
            {` (${e.accountName ?? '—'})`}
          </Text>
        )}
      </Text>
      <Text size="sm" c="dimmed">
        {stay(e) ? `${stay(e)} · ` : ''}
        {day}
      </Text>
      <Details entry={e} />
      <Group mt="xs">
        <DocumentButton {...props} />
      </Group>
    </Card>
  );
}
