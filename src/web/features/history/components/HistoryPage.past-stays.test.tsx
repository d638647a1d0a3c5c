/**
 * History: the member's past stays, asked of the server by the house's today,
 * paged, shown as cards on a phone, and the empty and failure texts.
 */
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import { atPhoneWidth, callsTo, fixDateForEachTest, testUser, region } from '@/test/utils.js';
import { PAST_STAYS_PAGE_SIZE } from '../api/history.js';
import { NOW, historyServer, openHistory } from '../history.testing.js';
import { historyTexts } from './HistoryPage.js';

fixDateForEachTest(NOW);

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
    guests: null,
    mealPlan: null,
    finalGuests: null,
    depositCents: 0,
    balanceDueDate: null,
    agreement: null,
    accountName: 'Church of the test',
    adminNotes: null,
    cancellationReason: null,
    createdAt: '2027-01-01T00:00:00.000Z',
    ...over,
  };
}

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
