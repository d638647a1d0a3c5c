import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '../../../../shared/schemas/profile.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import {
  atPhoneWidth,
  callsTo,
  mockApi,
  renderApp,
  testUser,
  type FakeRoutes,
  facilityInfo,
} from '@/test/utils.js';
import { PAST_STAYS_PAGE_SIZE } from '../api/history.js';
import { historyTexts } from './HistoryPage.js';

// "Now" is 5 March 2027, 20:00 UTC: already the 6th in Auckland.
const NOW = new Date('2027-03-05T20:00:00.000Z');

const entries: HistoryEntry[] = [
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

let nextId = 100;
function reservation(first: string, last: string, over: Partial<Reservation> = {}): Reservation {
  return {
    id: nextId++,
    userId: testUser.id,
    user: { username: testUser.username, email: testUser.email },
    startTime: `${first}T00:00:00.000Z`,
    endTime: `${last}T23:59:59.999Z`,
    eventName: 'Event',
    eventDescription: 'Description',
    additionalInfo: null,
    status: 'approved',
    paymentStatus: 'paid',
    priceCents: 30000,
    currency: 'USD',
    paidCents: 30000,
    refundedCents: 0,
    accountName: 'Church of the test',
    adminNotes: null,
    cancellationReason: null,
    createdAt: '2027-01-01T00:00:00.000Z',
    ...over,
  };
}

function historyServer(routes: FakeRoutes = {}, timeZone = 'UTC') {
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

const region = (name: string) => screen.getByRole('region', { name });

async function openHistory() {
  const result = renderApp('/account/history');
  expect(await screen.findByRole('heading', { level: 1, name: 'History' })).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText(historyTexts.loading)).not.toBeInTheDocument());
  await waitFor(() =>
    expect(screen.queryByText(historyTexts.staysLoading)).not.toBeInTheDocument(),
  );
  return result;
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

describe('History: account activity', () => {
  it('lists the entries newest first with date and time, summary and who', async () => {
    historyServer();
    await openHistory();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const list = within(region('Account Activity')).getByRole('list', { name: /Account activity/ });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Payment received');
    expect(items[0]).toHaveTextContent('Payment received for Spring Retreat.');
    expect(items[0]).toHaveTextContent('Mar 4, 2027, 3:30 PM');
    expect(items[0]).toHaveTextContent('by the system or a removed user');
    expect(items[1]).toHaveTextContent('Reservation approved');
    expect(items[1]).toHaveTextContent('Mar 2, 2027, 9:05 AM');
    expect(items[1]).toHaveTextContent('by admin');
    expect(items[2]).toHaveTextContent('Reservation Spring Retreat requested.');
    expect(items[2]).toHaveTextContent('by member');
    expect(items[0]?.querySelector('time')).toHaveAttribute('datetime', '2027-03-04T15:30:00.000Z');
  });

  it('shows repeated entries in a row as one item with their count and span of times', async () => {
    const repeat = (id: number, createdAt: string): HistoryEntry => ({
      id,
      kind: 'profile_updated',
      summary: 'Account profile updated: no changes.',
      createdAt,
      username: 'member',
      reservationId: null,
      documentId: null,
    });
    historyServer({
      'GET /api/account/history': {
        body: [
          repeat(23, '2027-03-02T10:04:00.000Z'),
          repeat(22, '2027-03-02T10:02:00.000Z'),
          repeat(21, '2027-03-02T10:00:00.000Z'),
          // The same text by someone else is another item.
          { ...repeat(20, '2027-03-02T09:59:00.000Z'), username: 'admin' },
          ...entries,
        ],
      },
    });
    await openHistory();
    const list = within(region('Account Activity')).getByRole('list', { name: /Account activity/ });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('Profile updated');
    expect(items[0]).toHaveTextContent('Account profile updated: no changes.');
    expect(items[0]!.textContent!.replace(/\s/g, ' ')).toContain(
      '3 times, from Mar 2, 2027, 10:00 AM to Mar 2, 2027, 10:04 AM · by member',
    );
    const times = [...items[0]!.querySelectorAll('time')].map((t) => t.getAttribute('datetime'));
    expect(times).toEqual(['2027-03-02T10:00:00.000Z', '2027-03-02T10:04:00.000Z']);
    expect(within(list).getAllByText('Account profile updated: no changes.')).toHaveLength(2);
    expect(items[1]).toHaveTextContent('by admin');
    expect(items[1]).not.toHaveTextContent('times, from');
  });

  it("shows the times in the house's time zone", async () => {
    historyServer({}, 'Pacific/Auckland');
    await openHistory();
    const items = within(region('Account Activity')).getAllByRole('listitem');
    // 15:30 UTC is 04:30 the next day in Auckland (UTC+13 in March).
    expect(items[0]).toHaveTextContent('Mar 5, 2027, 4:30 AM');
  });

  it('says when nothing has happened yet', async () => {
    historyServer({ 'GET /api/account/history': { body: [] } });
    await openHistory();
    expect(within(region('Account Activity')).getByText(historyTexts.empty)).toBeInTheDocument();
  });

  it('shows the load failure text', async () => {
    historyServer({ 'GET /api/account/history': { status: 500, body: { message: 'Boom.' } } });
    await openHistory();
    expect(within(region('Account Activity')).getByRole('alert')).toHaveTextContent(
      historyTexts.failed,
    );
  });

  it('tells a user without an account that there is no history', async () => {
    historyServer({
      'GET /api/account/history': {
        status: 404,
        body: { message: 'You are not assigned to an account yet.', code: 'no_account' },
      },
    });
    await openHistory();
    expect(
      within(region('Account Activity')).getByText(historyTexts.noAccount),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('History: past stays', () => {
  it("asks the server for the stays that ended before the house's today, the latest first, and shows them", async () => {
    const fetchMock = historyServer({
      'GET /api/reservations/my-reservations': {
        body: [
          reservation('2027-03-04', '2027-03-04', {
            eventName: 'Yesterday',
            status: 'rejected',
            paymentStatus: 'unpaid',
          }),
          reservation('2027-02-20', '2027-02-21', {
            eventName: 'Cancelled Meet',
            status: 'cancelled',
            paymentStatus: 'unpaid',
          }),
          reservation('2027-01-10', '2027-01-12', { eventName: 'Winter Camp' }),
        ],
      },
    });
    await openHistory();
    const asked = new URL(
      callsTo(fetchMock, 'GET /api/reservations/my-reservations')[0]!.url,
      'http://localhost',
    );
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      endedBefore: '2027-03-05',
      order: 'newest',
      limit: String(PAST_STAYS_PAGE_SIZE + 1),
      offset: '0',
    });
    const section = region('Past Stays');
    const rows = within(section).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Yesterday', '2027-03-04', 'Rejected', 'Unpaid'],
      ['Cancelled Meet', '2027-02-20 to 2027-02-21', 'Cancelled', 'Unpaid'],
      ['Winter Camp', '2027-01-10 to 2027-01-12', 'Approved', 'Paid'],
    ]);
    // One page only: no pager.
    expect(within(section).queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('pages the stays: the next page is the next offset, kept in the address', async () => {
    const stays = Array.from({ length: PAST_STAYS_PAGE_SIZE + 3 }, (_, i) =>
      reservation('2026-01-01', '2026-01-02', { eventName: `Stay ${i + 1}` }),
    );
    const fetchMock = historyServer({
      'GET /api/reservations/my-reservations': (request) => {
        const query = new URL(request.url, 'http://localhost').searchParams;
        const offset = Number(query.get('offset'));
        return { body: stays.slice(offset, offset + Number(query.get('limit'))) };
      },
    });
    const { router } = await openHistory();
    const section = region('Past Stays');
    expect(within(section).getAllByRole('row')).toHaveLength(PAST_STAYS_PAGE_SIZE + 1);
    const pager = within(section).getByRole('navigation', { name: 'Past stays pages' });
    within(pager).getByRole('button', { name: 'Next' }).click();
    expect(await within(section).findByText(`Stay ${PAST_STAYS_PAGE_SIZE + 3}`)).toBeVisible();
    expect(within(section).queryByText('Stay 1')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    const offsets = callsTo(fetchMock, 'GET /api/reservations/my-reservations').map((c) =>
      new URL(c.url, 'http://localhost').searchParams.get('offset'),
    );
    expect(offsets).toEqual(['0', String(PAST_STAYS_PAGE_SIZE)]);
  });

  it('shows each past stay as a card on a phone, with no table', async () => {
    atPhoneWidth();
    historyServer({
      'GET /api/reservations/my-reservations': {
        body: [reservation('2027-01-10', '2027-01-12', { eventName: 'Winter Camp' })],
      },
    });
    await openHistory();
    const section = region('Past Stays');
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
    const [card] = within(within(section).getByRole('list', { name: 'Past stays' })).getAllByRole(
      'listitem',
    );
    expect(
      [...card!.querySelectorAll('dt')].map(
        (term) => `${term.textContent}: ${term.nextElementSibling!.textContent}`,
      ),
    ).toEqual([
      'Event Name: Winter Camp',
      'Dates: 2027-01-10 to 2027-01-12',
      'Status: Approved',
      'Payment: Paid',
    ]);
  });

  it('says when there are no past stays', async () => {
    historyServer({ 'GET /api/reservations/my-reservations': { body: [] } });
    await openHistory();
    expect(within(region('Past Stays')).getByText(historyTexts.staysEmpty)).toBeInTheDocument();
  });

  it('shows the load failure text', async () => {
    historyServer({ 'GET /api/reservations/my-reservations': { status: 500 } });
    await openHistory();
    expect(within(region('Past Stays')).getByRole('alert')).toHaveTextContent(
      historyTexts.staysFailed,
    );
    // The activity still shows.
    expect(within(region('Account Activity')).getAllByRole('listitem')).toHaveLength(3);
  });
});
