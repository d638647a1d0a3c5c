/**
 * Test fixtures of the admin Reservations screen: reservations with their
 * money, a fake server over a mutable list, and helpers to read the table
 * (and, on phones, the cards).
 * Used by the *.test.tsx files beside it only.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inclusiveDayCount } from '../../shared/dates.js';
import { sortByStart } from '../../shared/reservations.js';
import type { ChurchSummary } from '../features/admin/api/accounts.js';
import type { Reservation } from '../features/admin/api/reservations.js';
import { mockApi, renderApp, testAdmin, type FakeRoutes } from '@/test/utils.js';
import { pageOf, statusCounts } from '@/test/fake-lists.js';

export interface Member {
  id: number;
  username: string;
  email: string | null;
  church: string;
  /** The church's account id. */
  churchId?: number;
}

export const anna: Member = {
  id: 11,
  username: 'anna',
  email: 'anna@example.org',
  church: 'Grace Church',
  churchId: 21,
};
export const ben: Member = {
  id: 12,
  username: 'ben',
  email: null,
  church: 'Hope Chapel',
  churchId: 22,
};

/** GET /api/accounts: the members' churches (and one without reservations). */
export const churchesSample = (): ChurchSummary[] => [
  { id: 22, accountName: 'Hope Chapel', members: 1, reservations: 2, paidCents: 0, documents: 0 },
  {
    id: 21,
    accountName: 'Grace Church',
    members: 1,
    reservations: 3,
    paidCents: 45000,
    documents: 1,
  },
  {
    id: 23,
    accountName: 'Zion Fellowship',
    members: 0,
    reservations: 0,
    paidCents: 0,
    documents: 0,
  },
];

/** $150.00 a day. */
export const DAILY_CENTS = 15000;

export function reservation(
  id: number,
  eventName: string,
  status: Reservation['status'],
  first: string,
  last: string,
  who: Member = anna,
  extra: Partial<Reservation> = {},
): Reservation {
  const startTime = `${first}T00:00:00.000Z`;
  const endTime = `${last}T23:59:59.999Z`;
  return {
    id,
    userId: who.id,
    user: { username: who.username, email: who.email },
    startTime,
    endTime,
    eventName,
    eventDescription: `About ${eventName}`,
    additionalInfo: null,
    status,
    paymentStatus: 'unpaid',
    adminNotes: null,
    cancellationReason: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    priceCents: inclusiveDayCount(startTime, endTime) * DAILY_CENTS,
    currency: 'USD',
    paidCents: 0,
    refundedCents: 0,
    guests: null,
    mealPlan: null,
    finalGuests: null,
    depositCents: 0,
    balanceDueDate: null,
    agreement: null,
    accountId: who.churchId ?? null,
    accountName: who.church,
    ...extra,
  };
}

/** Paid in full: $450.00 for three days. */
export const paid = { paymentStatus: 'paid', paidCents: 45000 } as const;

/** Out of start order on purpose: the screen sorts by start. */
export const sample = (): Reservation[] => [
  reservation(1, 'Summer camp', 'approved', '2028-07-01', '2028-07-03', anna, paid),
  reservation(2, 'Spring retreat', 'pending', '2028-03-05', '2028-03-07'),
  reservation(3, 'Youth weekend', 'pending', '2028-05-10', '2028-05-10', ben),
  reservation(4, 'Choir days', 'rejected', '2028-04-01', '2028-04-02', ben, {
    adminNotes: 'Too many guests',
  }),
  reservation(5, 'Elders meeting', 'cancelled', '2028-06-01', '2028-06-01', anna, {
    cancellationReason: 'admin_cancelled',
  }),
];

interface StatusBody {
  status: Reservation['status'];
  adminNotes?: string;
  refundCents?: number;
}

/** The list's filters but the status (`accountId`, `userId`), as the server applies them. */
function filtered(list: readonly Reservation[], q: URLSearchParams) {
  const accountId = q.get('accountId');
  const userId = q.get('userId');
  return list.filter(
    (r) =>
      (!accountId || String(r.accountId) === accountId) && (!userId || String(r.userId) === userId),
  );
}

/** A fake server over a mutable list, so that refetches see the changes (and refunds). */
export function fakeServer(list: Reservation[], overrides: FakeRoutes = {}) {
  const routes: FakeRoutes = {
    // As the server: filtered, by start then id, a page with limit/offset (docs/lists.md).
    'GET /api/reservations': (req) => {
      const q = new URL(req.url, 'http://localhost').searchParams;
      const statuses = q.get('status')?.split(',');
      const rows = sortByStart(
        filtered(list, q).filter((r) => !statuses || statuses.includes(r.status)),
      );
      return { body: pageOf(rows, q) };
    },
    // A count per status in the database, whatever the loaded page holds.
    'GET /api/reservations/counts': (req) => ({
      body: statusCounts(filtered(list, new URL(req.url, 'http://localhost').searchParams)),
    }),
    'GET /api/reservations/members': (req) => {
      const accountId = new URL(req.url, 'http://localhost').searchParams.get('accountId');
      const byId = new Map<number, { id: number; username: string }>();
      for (const r of list)
        if (!accountId || String(r.accountId) === accountId)
          byId.set(r.userId, { id: r.userId, username: r.user.username });
      return { body: [...byId.values()].sort((a, b) => a.username.localeCompare(b.username)) };
    },
    'GET /api/accounts': () => ({ body: churchesSample() }),
  };
  for (const r of list) {
    routes[`PATCH /api/reservations/${r.id}/status`] = (req) => {
      const body = req.body as StatusBody;
      const refunds = body.status === 'rejected' || body.status === 'cancelled';
      Object.assign(r, {
        status: body.status,
        ...(body.status === 'rejected' ? { adminNotes: body.adminNotes ?? null } : {}),
        ...(body.status === 'cancelled' ? { cancellationReason: 'admin_cancelled' } : {}),
        ...(refunds
          ? { refundedCents: r.refundedCents + (body.refundCents ?? r.paidCents - r.refundedCents) }
          : {}),
      });
      return { body: r };
    };
    routes[`PUT /api/reservations/${r.id}/details`] = (req) => {
      Object.assign(r, req.body);
      return { body: r };
    };
    routes[`DELETE /api/reservations/${r.id}`] = () => {
      list.splice(list.indexOf(r), 1);
      return { body: { message: 'Reservation deleted.' } };
    };
  }
  return mockApi({ ...routes, ...overrides }, { user: testAdmin });
}

export const table = () => screen.getByRole('table');
export const eventNames = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.querySelector('p')!.textContent);
export const openTab = (name: RegExp) => userEvent.click(screen.getByRole('tab', { name }));
export const rowOf = (eventName: string) =>
  within(table())
    .getAllByRole('row')
    .find((row) => within(row).queryByText(eventName, { selector: 'p' }))!;
/** The five cells of a row: event and dates, member, church, status and payment, actions. */
export const cellsOf = (eventName: string) => within(rowOf(eventName)).getAllByRole('cell');
export const actionNames = (eventName: string) =>
  within(rowOf(eventName))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

/** Phones: the list of cards of the open tab, named like the table's caption. */
export const cardList = () => screen.getByRole('list', { name: / reservations/ });
export const cardOf = (eventName: string) =>
  within(cardList())
    .getAllByRole('listitem')
    .find((card) => within(card).queryByText(eventName, { selector: 'p' }))!;

/** Renders the screen and waits for the table, or for the cards with `phone`. */
export async function renderPage(list = sample(), overrides: FakeRoutes = {}, phone = false) {
  const fetchMock = fakeServer(list, overrides);
  const view = renderApp('/admin/reservations');
  // The first render also loads the admin chunk.
  if (phone) await screen.findByRole('list', { name: / reservations/ }, { timeout: 5000 });
  else await screen.findByRole('table', {}, { timeout: 5000 });
  return { fetchMock, list, ...view };
}
