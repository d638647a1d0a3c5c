import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OccupancyMonth } from '../api/occupancy.js';
import { drawChartsForEachTest, year2027 } from '../reports.testing.js';
import { MoneyChart, OccupancyChart } from './ReportCharts.js';

drawChartsForEachTest();

/** A year without a stay or a payment: every figure 0. */
const emptyYear: OccupancyMonth[] = year2027.map((m) => ({
  ...m,
  heldDays: 0,
  closedDays: 0,
  occupancyPercent: 0,
  stays: 0,
  guestNights: 0,
  invoicedCents: 0,
  receivedCents: 0,
  refundedCents: 0,
  outstandingCents: 0,
}));

/** The labels of a chart's value axis, bottom to top, once it is drawn. */
async function valueTicks(name: RegExp) {
  const chart = screen.getByRole('img', { name });
  const labels = () => [
    ...chart.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value'),
  ];
  await waitFor(() => expect(labels().length).toBeGreaterThan(0));
  return labels().map((tick) => tick.textContent);
}

const distinct = (labels: (string | null)[]) => new Set(labels).size === labels.length;

describe('the report charts', () => {
  it('gives the money of a year without money an axis of distinct amounts, from $0', async () => {
    render(
      <MantineProvider>
        <MoneyChart year={2031} months={emptyYear} currency="USD" />
      </MantineProvider>,
    );
    const ticks = await valueTicks(/^Money by month, 2031/);
    // Not '$0' five times: a range of 100 dollars, the lines along its bottom.
    expect(ticks).toEqual(['$0', '$25', '$50', '$75', '$100']);
  });

  it('scales the money axis to the year that has money', async () => {
    render(
      <MantineProvider>
        <MoneyChart year={2027} months={year2027} currency="EUR" />
      </MantineProvider>,
    );
    const ticks = await valueTicks(/^Money by month, 2027/);
    expect(distinct(ticks)).toBe(true);
    expect(ticks[0]).toBe('€0');
    // The largest month is €1,500.00 (invoiced in January).
    expect(ticks.at(-1)).toMatch(/^€1\.[5-9]K$|^€2K$/);
  });

  it('keeps occupancy from 0% to 100%, with or without stays', async () => {
    render(
      <MantineProvider>
        <OccupancyChart year={2031} months={emptyYear} />
      </MantineProvider>,
    );
    const ticks = await valueTicks(/^Occupancy by month, 2031/);
    expect(ticks[0]).toBe('0%');
    expect(ticks.at(-1)).toBe('100%');
    expect(distinct(ticks)).toBe(true);
  });
});
