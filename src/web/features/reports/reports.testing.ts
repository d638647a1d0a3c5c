/**
 * Test fixtures of the Reports page: two years of figures, a fake report API
 * that answers by `?year=`, the charts drawn at a size (happy-dom lays nothing
 * out), and the page opened on its table.
 */
import { screen } from '@testing-library/react';
import { beforeEach, vi } from 'vitest';
import type { OccupancyMonth } from '../../../shared/schemas/operations.js';
import {
  callsTo,
  facilityInfo,
  mockApi,
  renderPageAt,
  testAdmin,
  type FakeRequest,
  type FakeRoutes,
} from '@/test/utils.js';

/**
 * happy-dom lays nothing out: each chart's container is said to be 640×260,
 * so that recharts draws the charts (at no size it draws nothing).
 */
class SizedObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const entry = { target, contentRect: { width: 640, height: 260 } } as ResizeObserverEntry;
    queueMicrotask(() => this.callback([entry], this as unknown as ResizeObserver));
  }
  unobserve() {}
  disconnect() {}
}

/** For each test of the calling file, charts are drawn at 640×260. */
export function drawChartsForEachTest() {
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', SizedObserver);
    // Before that size comes, recharts measures 0×0 (no layout here) and warns of it.
    const warn = console.warn;
    const spy = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).startsWith('The width(0) and height(0) of chart')) warn(...args);
    });
    return () => spy.mockRestore();
  });
}

const empty = (year: number, month: number): OccupancyMonth => ({
  month,
  days: new Date(Date.UTC(year, month, 0)).getUTCDate(),
  heldDays: 0,
  closedDays: 0,
  occupancyPercent: 0,
  stays: 0,
  guestNights: 0,
  invoicedCents: 0,
  receivedCents: 0,
  refundedCents: 0,
  outstandingCents: 0,
});

/** A year of empty months but for the ones given. */
function report(year: number, filled: Partial<OccupancyMonth>[]): OccupancyMonth[] {
  return Array.from({ length: 12 }, (_, i) => ({
    ...empty(year, i + 1),
    ...filled.find((f) => f.month === i + 1),
  }));
}

export const year2027 = report(2027, [
  {
    month: 1,
    heldDays: 10,
    closedDays: 2,
    occupancyPercent: 32.3,
    stays: 2,
    guestNights: 120,
    invoicedCents: 150_000,
    receivedCents: 50_000,
    outstandingCents: 100_000,
  },
  {
    month: 2,
    heldDays: 14,
    occupancyPercent: 50,
    stays: 1,
    guestNights: 200,
    receivedCents: 100_000,
    refundedCents: 2_500,
  },
]);
export const year2026 = report(2026, [
  {
    month: 1,
    heldDays: 31,
    occupancyPercent: 100,
    stays: 3,
    guestNights: 300,
    invoicedCents: 200_000,
    receivedCents: 200_000,
    refundedCents: 10_000,
  },
]);

export const yearOf = (req: FakeRequest) => new URL(req.url, 'http://x').searchParams.get('year');

export function reportServer(extra: FakeRoutes = {}) {
  return mockApi(
    {
      'GET /api/facility/info': facilityInfo('UTC'),
      'GET /api/facility/pricing': { body: { currency: 'EUR' } },
      'GET /api/admin/reports/occupancy': (req) => {
        const year = Number(yearOf(req));
        const filled = { 2027: year2027, 2026: year2026 }[year];
        return { body: filled ?? report(year, []) };
      },
      ...extra,
    },
    { user: testAdmin },
  );
}

export const askedYears = (fetchMock: ReturnType<typeof mockApi>) =>
  callsTo(fetchMock, 'GET /api/admin/reports/occupancy').map(yearOf);

/** Every row of a table (its header row left out), each as the texts of its th and td cells. */
export const rowCells = (table: HTMLElement) =>
  [...table.querySelectorAll('tbody tr, tfoot tr')].map((row) =>
    [...row.querySelectorAll('th, td')].map((cell) => cell.textContent),
  );

export async function openReports(path = '/admin/reports') {
  const view = await renderPageAt(path, 'Reports');
  const table = await screen.findByRole('table', { name: /^Occupancy and money by month/ });
  return { ...view, table };
}
