// The charts' styles load with this page's chunk only, in Mantine's layer as
// the core styles are (scripts/mantine-styles-plugin.ts).
import '@mantine/charts/styles.layer.css';
import { BarChart, LineChart } from '@mantine/charts';
import { formatMoney } from '../../../../shared/pricing.js';
import type { OccupancyMonth } from '../api/occupancy.js';
import { percentText, shortMonthName } from '../report-figures.js';

const CHART_HEIGHT = 260;
const tableNote = 'the figures are in the table below';

/**
 * Each chart is one image named by what it shows, and the table below is its
 * text: recharts' keyboard layer is off, as an image holds no controls.
 */
const imageProps = (label: string) =>
  ({ role: 'img', 'aria-label': label, accessibilityLayer: false, h: CHART_HEIGHT }) as const;

/**
 * The months' axis: every month when they fit, else every second (or third)
 * one from January, evenly, not recharts' uneven pick ('Jul Aug' after 'May').
 */
const monthAxis = { interval: 'equidistantPreserveStart' } as const;

/** The legend in the series' order (recharts sorts it by name otherwise). */
const legendInOrder = (series: readonly { name: string }[]) => ({
  itemSorter: (item: { dataKey?: unknown }) => series.findIndex((s) => s.name === item.dataKey),
});

/**
 * The money axis from 0 to the year's largest month; a year without money
 * goes to 100 of the currency, so that its ticks are distinct amounts
 * ($0, $25 … $100) and not '$0' five times over a flat range.
 */
const EMPTY_MONEY_AXIS_TOP_CENTS = 100_00;
const moneyDomain = [
  0,
  (dataMax: number) => (dataMax > 0 ? dataMax : EMPTY_MONEY_AXIS_TOP_CENTS),
] as const;

/** Amounts on the axis, short: '€1.5K'. */
function axisMoney(currency: string): (cents: number) => string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    });
  } catch {
    return (cents) => formatMoney(cents, currency);
  }
  return (cents) => format.format(cents / 100);
}

export function occupancyChartLabel(year: number, yearBefore: number | null) {
  return yearBefore === null
    ? `Occupancy by month, ${year}; ${tableNote}`
    : `Occupancy by month, ${year} against ${yearBefore}; ${tableNote}`;
}

export function moneyChartLabel(year: number) {
  return `Money by month, ${year}: received, refunded, invoiced and outstanding; ${tableNote}`;
}

const moneySeries = [
  { name: 'received', label: 'Received', color: 'teal.8' },
  { name: 'refunded', label: 'Refunded', color: 'red.8', strokeDasharray: '2 3' },
  { name: 'invoiced', label: 'Invoiced', color: 'blue.7', strokeDasharray: '8 4' },
  { name: 'outstanding', label: 'Outstanding', color: 'orange.8', strokeDasharray: '12 4 2 4' },
];

/** Occupancy % by month, the year's bars beside the year before's (when loaded). */
export function OccupancyChart({
  year,
  months,
  before,
}: {
  year: number;
  months: readonly OccupancyMonth[];
  /** The year before's months, when they came. */
  before?: readonly OccupancyMonth[];
}) {
  const data = months.map((m) => ({
    month: shortMonthName(m.month),
    current: m.occupancyPercent,
    ...(before ? { previous: before.find((b) => b.month === m.month)?.occupancyPercent ?? 0 } : {}),
  }));
  const series = [
    ...(before ? [{ name: 'previous', label: String(year - 1), color: 'gray.6' }] : []),
    { name: 'current', label: String(year), color: 'blue.7' },
  ];
  return (
    <BarChart
      {...imageProps(occupancyChartLabel(year, before ? year - 1 : null))}
      data={data}
      dataKey="month"
      series={series}
      withLegend
      legendProps={legendInOrder(series)}
      valueFormatter={percentText}
      xAxisProps={monthAxis}
      yAxisProps={{ domain: [0, 100], tickFormatter: (v: number) => `${v}%` }}
    />
  );
}

/** Received, refunded, invoiced and outstanding by month; lines told apart by dash as well as colour. */
export function MoneyChart({
  year,
  months,
  currency,
}: {
  year: number;
  months: readonly OccupancyMonth[];
  currency: string;
}) {
  const data = months.map((m) => ({
    month: shortMonthName(m.month),
    received: m.receivedCents,
    refunded: m.refundedCents,
    invoiced: m.invoicedCents,
    outstanding: m.outstandingCents,
  }));
  return (
    <LineChart
      {...imageProps(moneyChartLabel(year))}
      data={data}
      dataKey="month"
      series={moneySeries}
      withLegend
      legendProps={legendInOrder(moneySeries)}
      curveType="linear"
      valueFormatter={(cents) => formatMoney(cents, currency)}
      // January's and December's points and names kept clear of the chart's edges.
      xAxisProps={{ ...monthAxis, padding: { left: 16, right: 16 } }}
      yAxisProps={{ domain: moneyDomain, tickFormatter: axisMoney(currency), width: 64 }}
    />
  );
}
