import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fixDateForEachTest, renderPageAt } from '@/test/utils.js';
import {
  askedYears,
  drawChartsForEachTest,
  openReports,
  reportServer,
  rowCells,
  year2027,
  yearOf,
} from '../reports.testing.js';
import { staysNote } from './OccupancyTable.js';
import { beforeFailed, nextYearNote, reportFailed } from './ReportsPage.js';

fixDateForEachTest(new Date('2027-06-15T12:00:00.000Z'));
drawChartsForEachTest();

describe('the year it opens on', () => {
  it('is the next year when this one has no stay yet and the next has', async () => {
    // "Today" is in 2026, which has no stays (the fixtures' 2026 is emptied); 2027 has.
    reportServer({
      'GET /api/admin/reports/occupancy': (req) => ({
        body: yearOf(req) === '2027' ? year2027 : year2027.map((m) => ({ ...m, stays: 0 })),
      }),
    });
    vi.setSystemTime(new Date('2026-11-28T12:00:00.000Z'));
    await renderPageAt('/admin/reports', 'Reports');
    expect(await screen.findByText(nextYearNote(2026))).toBeVisible();
    expect(
      await screen.findByRole('heading', { name: 'Figures by month, 2027' }),
    ).toBeInTheDocument();
  });

  it('stays on this year when it has stays', async () => {
    reportServer();
    await openReports();
    expect(screen.getByRole('heading', { name: 'Figures by month, 2027' })).toBeInTheDocument();
    expect(screen.queryByText(/next year with stays/)).toBeNull();
  });
});

describe('reports', () => {
  it('is linked from the admin side navigation', async () => {
    reportServer();
    await openReports();
    const nav = screen.getByRole('navigation', { name: 'Administration' });
    expect(within(nav).getByRole('link', { name: 'Reports' })).toHaveAttribute(
      'href',
      '/admin/reports',
    );
    expect(document.title).toMatch(/^Reports/);
  });

  it("shows this year's months with the totals, and the year before's with the change", async () => {
    const fetchMock = reportServer();
    const { table } = await openReports();
    await within(table).findByText('Total 2026');
    expect(askedYears(fetchMock).sort()).toEqual(['2026', '2027']);
    expect(table).toHaveAccessibleName(
      "Occupancy and money by month, 2027, with the year's total and the change from 2026; amounts in EUR",
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Month',
      'Days',
      'Held days',
      'Closed days',
      'Occupancy',
      'Stays',
      'Guest nights',
      'Invoiced',
      'Received',
      'Refunded',
      'Outstanding',
    ]);
    const rows = rowCells(table);
    expect(rows.map((r) => r[0])).toEqual([
      ...['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
      'Total 2027',
      'Total 2026',
      'Change from 2026',
    ]);
    expect(rows[0]).toEqual([
      'Jan',
      '31',
      '10',
      '2',
      '32.3%',
      '2',
      '120',
      '€1,500.00',
      '€500.00',
      '€0.00',
      '€1,000.00',
    ]);
    expect(rows[1]).toEqual([
      'Feb',
      '28',
      '14',
      '0',
      '50.0%',
      '1',
      '200',
      '€0.00',
      '€1,000.00',
      '€25.00',
      '€0.00',
    ]);
    // The year's occupancy is its held days over its days: 24 / 365.
    expect(rows[12]).toEqual([
      'Total 2027',
      '365',
      '24',
      '2',
      '6.6%',
      '—',
      '320',
      '€1,500.00',
      '€1,500.00',
      '€25.00',
      '€1,000.00',
    ]);
    expect(rows[13]).toEqual([
      'Total 2026',
      '365',
      '31',
      '0',
      '8.5%',
      '—',
      '300',
      '€2,000.00',
      '€2,000.00',
      '€100.00',
      '€0.00',
    ]);
    expect(rows[14]).toEqual([
      'Change from 2026',
      '0',
      '-7',
      '+2',
      '-1.9 points',
      '—',
      '+20',
      '-€500.00',
      '-€500.00',
      '-€75.00',
      '+€1,000.00',
    ]);
    expect(screen.getByText(new RegExp(staysNote))).toBeInTheDocument();
    // Wide: it scrolls sideways in a region the keyboard can reach.
    const scroller = screen.getByRole('region', { name: /^Occupancy and money by month, 2027/ });
    expect(scroller).toHaveAttribute('tabindex', '0');
    expect(scroller).toContainElement(table);
  });

  it('names each chart as an image whose figures are in the table, under headings in order', async () => {
    reportServer();
    await openReports();
    expect(
      await screen.findByRole('img', {
        name: 'Occupancy by month, 2027 against 2026; the figures are in the table below',
      }),
    ).toBeInTheDocument();
    const money = screen.getByRole('img', {
      name: 'Money by month, 2027: received, refunded, invoiced and outstanding; the figures are in the table below',
    });
    // Drawn, with a legend naming the series.
    await waitFor(() => expect(money.querySelector('svg')).not.toBeNull());
    expect(money).toHaveTextContent(/^Received\s*Refunded\s*Invoiced\s*Outstanding/);
    expect(money).toHaveTextContent(/€1\.2K/);
    const occupancy = screen.getByRole('img', { name: /^Occupancy by month/ });
    await waitFor(() => expect(occupancy).toHaveTextContent(/2026.*2027/));
    // The page's headings from its h1 on (the layout's come before it).
    const headings = screen.getAllByRole('heading').map((h) => `${h.tagName} ${h.textContent}`);
    expect(headings.slice(headings.indexOf('H1 Reports'))).toEqual([
      'H1 Reports',
      'H2 Occupancy by month, 2027',
      'H2 Money by month, 2027',
      'H2 Figures by month, 2027',
    ]);
  });

  it('follows the year of the address, and the CSV link follows the year', async () => {
    const fetchMock = reportServer();
    const { router } = await openReports('/admin/reports?year=2030');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/admin/reports/occupancy.csv?year=2030',
    );
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('download');
    expect(askedYears(fetchMock).sort()).toEqual(['2029', '2030']);

    await userEvent.click(screen.getByRole('button', { name: 'Previous year' }));
    expect(router.state.location.search).toBe('?year=2029');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Figures by month, 2029' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/admin/reports/occupancy.csv?year=2029',
    );
    await waitFor(() => expect(askedYears(fetchMock)).toContain('2028'));
  });

  it("opens on this year (the house's) when the address has none or a wrong one", async () => {
    const fetchMock = reportServer();
    await openReports('/admin/reports?year=abc');
    expect(screen.getByRole('group', { name: 'Year of the report' })).toHaveTextContent('2027');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/admin/reports/occupancy.csv?year=2027',
    );
    expect(askedYears(fetchMock)).not.toContain('abc');
  });

  it('says so when the report cannot be loaded', async () => {
    reportServer({
      'GET /api/admin/reports/occupancy': {
        status: 500,
        body: { message: 'Something went wrong.', code: 'internal' },
      },
    });
    await renderPageAt('/admin/reports', 'Reports');
    expect(await screen.findByRole('alert')).toHaveTextContent(reportFailed(2027));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it("shows the year without the comparison when the year before's figures fail", async () => {
    reportServer({
      'GET /api/admin/reports/occupancy': (req) =>
        yearOf(req) === '2027'
          ? { body: year2027 }
          : { status: 500, body: { message: 'Something went wrong.', code: 'internal' } },
    });
    const { table } = await openReports();
    expect(await screen.findByRole('alert')).toHaveTextContent(beforeFailed(2026));
    expect(rowCells(table).map((r) => r[0])).not.toContain('Total 2026');
    expect(rowCells(table).at(-1)![0]).toBe('Total 2027');
    expect(
      screen.getByRole('img', {
        name: 'Occupancy by month, 2027; the figures are in the table below',
      }),
    ).toBeInTheDocument();
  });
});
