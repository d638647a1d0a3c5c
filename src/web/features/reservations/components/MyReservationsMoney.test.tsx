import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import type { CancellationQuote } from '../../../../shared/schemas/index.js';
import { callsTo } from '@/test/utils.js';
import {
  NOW,
  day,
  days,
  findDay,
  openPage,
  reservation,
  reservationServer,
} from '../reservations.testing.js';

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

const priceRegion = () =>
  within(screen.getByRole('region', { name: 'Price' })).getByText(
    (_, el) => el?.getAttribute('aria-live') === 'polite',
  );

describe('New reservation: price', () => {
  it('shows the quote of the selected days, line by line, as days are selected', async () => {
    const { fetchMock } = reservationServer();
    await openPage();
    const user = userEvent.setup();
    await user.click(day('Wednesday, March 10, 2027, available'));
    const live = priceRegion();
    expect(await within(live).findByText('Total for 1 day: $150.00')).toBeInTheDocument();
    expect(within(live).getByText('Daily rate: 1 day × $150.00 = $150.00')).toBeInTheDocument();

    // Wednesday to Saturday: three weekdays and a weekend day.
    await user.click(day('Saturday, March 13, 2027, available'));
    expect(await within(live).findByText('Total for 4 days: $630.00')).toBeInTheDocument();
    expect(
      within(live)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Daily rate: 3 days × $150.00 = $450.00',
      'Weekend rate: 1 day × $180.00 = $180.00',
    ]);
    expect(callsTo(fetchMock, 'GET /api/facility/quote').map((c) => c.url)).toEqual([
      '/api/facility/quote?start=2027-03-10&end=2027-03-10',
      '/api/facility/quote?start=2027-03-10&end=2027-03-13',
    ]);
    // The cancellation policy in one line.
    expect(
      screen.getByText(
        'Refund on cancellation: 100% when cancelled 30 or more days before arrival; 50% when cancelled 14 or more days before arrival.',
      ),
    ).toBeInTheDocument();
  });

  it('says it is working out the price, then shows a failure without blocking the form', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    const { fetchMock } = reservationServer({
      extra: { 'GET /api/facility/quote': () => new Promise((resolve) => (answer = resolve)) },
    });
    await openPage();
    const user = userEvent.setup();
    await user.click(day('Wednesday, March 10, 2027, available'));
    expect(await within(priceRegion()).findByText('Working out the price...')).toBeInTheDocument();
    expect(priceRegion()).toHaveAttribute('aria-busy', 'true');
    answer({ status: 400, body: { message: 'Choose valid dates.', code: 'invalid_range' } });
    expect(await within(priceRegion()).findByText('Choose valid dates.')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Event Name/), 'Retreat');
    await user.type(screen.getByLabelText(/^Event Description/), 'Quiet');
    await user.click(screen.getByRole('button', { name: 'Submit Reservation Request' }));
    expect(await screen.findByText(/submitted and is pending approval/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/reservations')).toHaveLength(1);
  });
});

describe('My Reservations: price and payment state', () => {
  const mine = () => [
    reservation({ ...days('2027-04-20', '2027-04-22'), id: 1, eventName: 'Unpaid retreat' }),
    reservation({
      ...days('2027-05-01', '2027-05-02'),
      id: 2,
      eventName: 'Paid retreat',
      status: 'approved',
      paymentStatus: 'paid',
      paidCents: 30000,
    }),
    reservation({
      ...days('2027-06-01', '2027-06-02'),
      id: 3,
      eventName: 'Half back',
      status: 'cancelled',
      paymentStatus: 'paid',
      paidCents: 30000,
      refundedCents: 15000,
    }),
    reservation({
      ...days('2027-07-01', '2027-07-01'),
      id: 4,
      eventName: 'All back',
      status: 'rejected',
      paymentStatus: 'paid',
      paidCents: 15000,
      refundedCents: 15000,
    }),
  ];

  const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

  it('shows the price under the dates and the payment state under the status', async () => {
    reservationServer({ mine: mine() });
    await openPage();
    const user = userEvent.setup();
    await screen.findByText('Unpaid retreat');
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Event Name', 'Dates', 'Status', 'Action']);
    const unpaid = within(row('Unpaid retreat')).getAllByRole('cell');
    expect(unpaid[1]).toHaveTextContent('2027-04-20 to 2027-04-22Price: $450.00');
    expect(unpaid[2]).toHaveTextContent('pendingUnpaid$450.00 due');
    const paid = within(row('Paid retreat')).getAllByRole('cell');
    expect(paid[1]).toHaveTextContent('Price: $300.00');
    expect(paid[2]).toHaveTextContent('approvedPaid$300.00 paid');

    await user.click(screen.getByRole('tab', { name: 'Cancelled (1)' }));
    expect(within(row('Half back')).getAllByRole('cell')[2]).toHaveTextContent(
      'cancelledPartly refunded$150.00 of $300.00 refunded',
    );
    await user.click(screen.getByRole('tab', { name: 'Rejected (1)' }));
    expect(within(row('All back')).getAllByRole('cell')[2]).toHaveTextContent(
      'rejectedRefunded$150.00 refunded',
    );
  });

  it('shows price, paid and refunded in the details', async () => {
    reservationServer({ mine: mine() });
    await openPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Cancelled (1)' }));
    await user.click(await screen.findByRole('button', { name: 'Show Details' }));
    const details = within(document.getElementById('reservation-details-3')!);
    const value = (term: string) => details.getByText(term).nextElementSibling?.textContent;
    expect(value('Price')).toBe('$300.00');
    expect(value('Paid')).toBe('$300.00');
    expect(value('Refunded')).toBe('$150.00');
  });
});

describe('My Reservations: cancelling a paid reservation', () => {
  const paid = () =>
    reservation({
      ...days('2027-03-25', '2027-03-26'),
      id: 9,
      eventName: 'Paid retreat',
      status: 'approved',
      paymentStatus: 'paid',
      paidCents: 30000,
    });

  const quote = (over: Partial<CancellationQuote> = {}): CancellationQuote => ({
    refundCents: 15000,
    paidCents: 30000,
    depositKeptCents: 0,
    currency: 'USD',
    policy: { daysBeforeStart: 14, refundPercent: 50 },
    daysBeforeStart: 20,
    description: 'Refund on cancellation: 50% when cancelled 14 or more days before arrival.',
    ...over,
  });

  async function openDialog() {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show Details' }));
    await user.click(screen.getByRole('button', { name: 'Cancel This Reservation' }));
    return { user, dialog: screen.getByRole('dialog', { name: 'Cancel Reservation' }) };
  }

  it('asks the cancellation quote when the dialog opens and says what will be refunded', async () => {
    const { fetchMock, list } = reservationServer({
      mine: [paid()],
      extra: {
        'GET /api/reservations/9/cancellation-quote': { body: quote() },
        'PATCH /api/reservations/9/cancel': () => {
          Object.assign(list[0]!, { status: 'cancelled', refundedCents: 15000 });
          return { body: list[0] };
        },
      },
    });
    const { queryClient } = await openPage();
    // Payments and documents cached by the other pages: a cancel marks them stale.
    queryClient.setQueryData(['payments', 'mine'], []);
    queryClient.setQueryData(['documents', 'list'], []);
    expect(callsTo(fetchMock, 'GET /api/reservations/9/cancellation-quote')).toHaveLength(0);
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByText(messages.confirmCancelReservation)).toBeInTheDocument();
    expect(
      await within(dialog).findByText(
        'You will be refunded $150.00 of the $300.00 paid (50% when cancelled 14 or more days before arrival).',
      ),
    ).toHaveAttribute('aria-live', 'polite');
    expect(callsTo(fetchMock, 'GET /api/reservations/9/cancellation-quote')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Yes, Cancel Reservation' }));
    expect(await screen.findByText('Reservation cancelled.')).toBeInTheDocument();
    expect(queryClient.getQueryState(['payments', 'mine'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['documents', 'list'])?.isInvalidated).toBe(true);
    expect(await findDay('Thursday, March 25, 2027, your reservation, cancelled')).toBeVisible();
  });

  it('says when nothing will be refunded, with the policy', async () => {
    reservationServer({
      mine: [paid()],
      extra: {
        'GET /api/reservations/9/cancellation-quote': {
          body: quote({ refundCents: 0, policy: null, daysBeforeStart: 3 }),
        },
      },
    });
    await openPage();
    const { dialog } = await openDialog();
    expect(
      await within(dialog).findByText(
        'Nothing will be refunded of the $300.00 paid. Refund on cancellation: 50% when cancelled 14 or more days before arrival.',
      ),
    ).toBeInTheDocument();
  });

  it('still lets the member cancel when the quote fails', async () => {
    const { fetchMock } = reservationServer({
      mine: [paid()],
      extra: {
        'GET /api/reservations/9/cancellation-quote': { status: 500 },
        'PATCH /api/reservations/9/cancel': { body: { ...paid(), status: 'cancelled' } },
      },
    });
    await openPage();
    const { user, dialog } = await openDialog();
    expect(await within(dialog).findByText(/could not be worked out just now/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Cancel Reservation' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/reservations/9/cancel')).toHaveLength(1),
    );
  });

  it('asks no quote for a reservation with nothing paid', async () => {
    const { fetchMock } = reservationServer({
      mine: [reservation({ ...days('2027-03-25', '2027-03-26'), id: 9 })],
    });
    await openPage();
    const { dialog } = await openDialog();
    expect(within(dialog).getByText(messages.confirmCancelReservation)).toBeInTheDocument();
    expect(within(dialog).queryByText(/refunded/)).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/reservations/9/cancellation-quote')).toHaveLength(0);
  });
});
