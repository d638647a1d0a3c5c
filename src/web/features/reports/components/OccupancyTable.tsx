import { Table, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { formatMoney } from '../../../../shared/pricing.js';
import { ColumnHeaders } from '@/components/tables/ColumnHeaders.js';
import type { OccupancyMonth } from '../api/occupancy.js';
import {
  percentText,
  shortMonthName,
  signedCount,
  signedMoney,
  signedPoints,
  totalsChange,
  yearTotals,
  type YearTotals,
} from '../report-figures.js';

const noTotal = '—';
export const staysNote =
  "A stay across a month's end counts in each of its months, so the year has no total of stays.";

type Figure = Exclude<keyof YearTotals, 'occupancyPercent'>;
interface Column {
  label: string;
  month: (m: OccupancyMonth) => string;
  total: (t: YearTotals) => string;
  change: (c: YearTotals) => string;
}

function columns(currency: string): Column[] {
  const count = (label: string, key: Figure): Column => ({
    label,
    month: (m) => String(m[key]),
    total: (t) => String(t[key]),
    change: (c) => signedCount(c[key]),
  });
  const money = (label: string, key: Figure): Column => ({
    label,
    month: (m) => formatMoney(m[key], currency),
    total: (t) => formatMoney(t[key], currency),
    change: (c) => signedMoney(c[key], currency),
  });
  return [
    count('Days', 'days'),
    count('Held days', 'heldDays'),
    count('Closed days', 'closedDays'),
    {
      label: 'Occupancy',
      month: (m) => percentText(m.occupancyPercent),
      total: (t) => percentText(t.occupancyPercent),
      change: (c) => signedPoints(c.occupancyPercent),
    },
    { label: 'Stays', month: (m) => String(m.stays), total: () => noTotal, change: () => noTotal },
    count('Guest nights', 'guestNights'),
    money('Invoiced', 'invoicedCents'),
    money('Received', 'receivedCents'),
    money('Refunded', 'refundedCents'),
    money('Outstanding', 'outstandingCents'),
  ];
}

const figureCell = { ta: 'right', style: { whiteSpace: 'nowrap' } } as const;

function Row({ head, cells }: { head: string; cells: string[] }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
        {head}
      </Table.Th>
      {cells.map((text, i) => (
        <Table.Td key={i} {...figureCell}>
          {text}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

/**
 * The report's twelve months with the year's totals and, once loaded, the
 * year before's totals and the change: the charts' figures as text. Wide, so
 * it scrolls sideways on a phone (a focusable region, for the keyboard).
 */
export function OccupancyTable({
  year,
  months,
  before,
  currency,
}: {
  year: number;
  months: readonly OccupancyMonth[];
  before?: readonly OccupancyMonth[];
  currency: string;
}) {
  const captionId = useId();
  const cols = columns(currency);
  const totals = yearTotals(months);
  const previous = before ? yearTotals(before) : null;
  const change = previous ? totalsChange(totals, previous) : null;
  const caption = `Occupancy and money by month, ${year}, with the year's total${
    previous ? ` and the change from ${year - 1}` : ''
  }; amounts in ${currency}`;
  return (
    <>
      <Text size="sm" c="dimmed" aria-hidden>
        {caption}.
      </Text>
      <Table.ScrollContainer
        minWidth={980}
        type="native"
        tabIndex={0}
        className="mantine-focus-auto"
        role="region"
        aria-labelledby={captionId}
        // The caption's visually hidden text is positioned absolutely: kept inside
        // the scrolling box, it cannot widen the page (507 px on a 360 px phone).
        pos="relative"
      >
        <Table striped captionSide="top" verticalSpacing="xs">
          {/* The caption names the table; on a phone it would scroll out of sight with it. */}
          <Table.Caption id={captionId}>
            <VisuallyHidden>{caption}</VisuallyHidden>
          </Table.Caption>
          <ColumnHeaders
            columns={['Month', ...cols.map((c) => ({ label: c.label, align: 'right' as const }))]}
          />
          <Table.Tbody>
            {months.map((m) => (
              <Row
                key={m.month}
                head={shortMonthName(m.month)}
                cells={cols.map((c) => c.month(m))}
              />
            ))}
          </Table.Tbody>
          <Table.Tfoot fw={700}>
            <Row head={`Total ${year}`} cells={cols.map((c) => c.total(totals))} />
            {previous && change ? (
              <>
                <Row head={`Total ${year - 1}`} cells={cols.map((c) => c.total(previous))} />
                <Row head={`Change from ${year - 1}`} cells={cols.map((c) => c.change(change))} />
              </>
            ) : null}
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" c="dimmed">
        {staysNote} Occupancy for the year is its held days over its days.
      </Text>
    </>
  );
}
