import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, renderApp } from '@/test/utils.js';
import {
  eventNames,
  fakeServer,
  renderPage,
  reservation,
  sample,
} from '../../../test/reservations-test-server.js';

vi.mock('@/components/useIsPhone.js', () => ({ useIsPhone: vi.fn(() => false) }));

const day = (i: number) =>
  new Date(Date.UTC(2028, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
/** 120 pending one-day stays, in start order: "Stay 1" … "Stay 120". */
const many = () =>
  Array.from({ length: 120 }, (_, i) =>
    reservation(100 + i, `Stay ${i + 1}`, 'pending', day(i), day(i)),
  );
const stays = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `Stay ${from + i}`);
const tabs = () => screen.getAllByRole('tab').map((t) => t.textContent);
const pager = () => screen.getByRole('navigation', { name: 'Reservation pages' });

describe('admin reservations: pages and counts from the database', () => {
  it('shows 50 a page with the Pager, kept in the address, and exact counts of every tab', async () => {
    const { fetchMock, router } = await renderPage(many());
    expect(tabs()).toEqual([
      'All Active (120)',
      'Pending (120)',
      'Approved (0)',
      'Rejected (0)',
      'Cancelled (0)',
    ]);
    expect(eventNames()).toEqual(stays(1, 50));
    const first = new URL(callsTo(fetchMock, 'GET /api/reservations')[0]!.url, 'http://x');
    expect(Object.fromEntries(first.searchParams)).toEqual({
      status: 'pending,approved',
      limit: '51',
      offset: '0',
    });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(pager()).toHaveTextContent('Page 1');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(eventNames()).toEqual(stays(51, 100)));
    expect(router.state.location.search).toBe('?page=2');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(eventNames()).toEqual(stays(101, 120)));
    expect(pager()).toHaveTextContent('Page 3');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    // The counts do not change with the page.
    expect(tabs()[1]).toBe('Pending (120)');

    // Another tab starts at its first page.
    await userEvent.click(screen.getByRole('tab', { name: /^Pending/ }));
    await waitFor(() => expect(eventNames()).toEqual(stays(1, 50)));
    expect(router.state.location.search).toBe('?tab=pending');
  });

  it('opens on the page of the address', async () => {
    fakeServer(many());
    renderApp('/admin/reservations?page=3');
    await screen.findByRole('table');
    await waitFor(() => expect(eventNames()).toEqual(stays(101, 120)));
  });

  it("shows the database's counts, not the loaded page's, and refreshes them after an action", async () => {
    let counts = { pending: 412, approved: 1003, rejected: 7, cancelled: 2 };
    const { fetchMock } = await renderPage(sample(), {
      'GET /api/reservations/counts': () => ({ body: counts }),
    });
    expect(tabs()).toEqual([
      'All Active (1415)',
      'Pending (412)',
      'Approved (1003)',
      'Rejected (7)',
      'Cancelled (2)',
    ]);
    const before = callsTo(fetchMock, 'GET /api/reservations/counts').length;
    counts = { ...counts, pending: 411, approved: 1004 };
    await userEvent.click(screen.getByRole('button', { name: 'Approve Spring retreat' }));
    expect(await screen.findByText('Approved "Spring retreat".')).toBeInTheDocument();
    await waitFor(() => expect(tabs()[1]).toBe('Pending (411)'));
    expect(tabs()[2]).toBe('Approved (1004)');
    expect(callsTo(fetchMock, 'GET /api/reservations/counts').length).toBeGreaterThan(before);
  });
});
