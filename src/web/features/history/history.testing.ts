/**
 * Test fixtures of the History page: the account's activity, a fake history
 * API at a fixed "now", and the page opened once both of its lists have loaded.
 */
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { HistoryEntry } from '../../../shared/schemas/profile.js';
import { facilityInfo, mockApi, testUser, type FakeRoutes, renderPageAt } from '@/test/utils.js';
import { historyTexts } from './components/HistoryPage.js';

// "Now" is 5 March 2027, 20:00 UTC: already the 6th in Auckland.
export const NOW = new Date('2027-03-05T20:00:00.000Z');

export const entries: HistoryEntry[] = [
  {
    id: 3,
    kind: 'payment_received',
    summary: 'Payment received for Spring Retreat.',
    createdAt: '2027-03-04T15:30:00.000Z',
    username: null,
    reservationId: 10,
    documentId: null,
  },
  {
    id: 2,
    kind: 'reservation_approved',
    summary: 'Reservation Spring Retreat approved.',
    createdAt: '2027-03-02T09:05:00.000Z',
    username: 'admin',
    reservationId: 10,
    documentId: null,
  },
  {
    id: 1,
    kind: 'reservation_requested',
    summary: 'Reservation Spring Retreat requested.',
    createdAt: '2027-03-01T12:00:00.000Z',
    username: 'member',
    reservationId: 10,
    documentId: null,
  },
];

export function historyServer(routes: FakeRoutes = {}, timeZone = 'UTC') {
  return mockApi(
    {
      'GET /api/facility/info': facilityInfo(timeZone),
      'GET /api/account/history': { body: entries },
      'GET /api/reservations/my-reservations': { body: [] },
      ...routes,
    },
    { user: testUser },
  );
}

export async function openHistory() {
  const result = await renderPageAt('/account/history', 'History');
  await waitFor(() => expect(screen.queryByText(historyTexts.loading)).not.toBeInTheDocument());
  await waitFor(() =>
    expect(screen.queryByText(historyTexts.staysLoading)).not.toBeInTheDocument(),
  );
  return result;
}
