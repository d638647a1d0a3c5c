/**
 * My Reservations: the member's month calendar, with their own reservations by
 * status, the days others hold, today in the house's time zone, and load failures.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { callsTo, fixDateForEachTest, renderApp } from '@/test/utils.js';
import {
  NOW,
  day,
  days,
  findDay,
  openPage,
  reservation,
  reservationServer,
} from '../reservations.testing.js';

fixDateForEachTest(NOW);

describe('My Reservations: calendar', () => {
  it('shows the title, the instructions and the loading text', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    reservationServer({
      extra: {
        'GET /api/reservations/my-reservations': async () => {
          await gate;
          return { body: [] };
        },
      },
    });
    await openPage();
    expect(
      screen.getByText(/Select dates on the calendar to start a new reservation request/),
    ).toBeInTheDocument();
    expect(screen.getByText('Loading your reservations...')).toBeInTheDocument();
    release();
    expect(await screen.findByText(messages.noReservationsForFilter)).toBeInTheDocument();
  });

  it("colours own reservations by status, others' days as reserved, and disables past days", async () => {
    reservationServer({
      mine: [
        reservation({ ...days('2027-03-10', '2027-03-11'), status: 'pending' }),
        reservation({ ...days('2027-03-15', '2027-03-15'), status: 'approved' }),
        reservation({ ...days('2027-03-18', '2027-03-18'), status: 'cancelled' }),
        reservation({ ...days('2027-03-02', '2027-03-02'), status: 'approved' }),
      ],
      others: [days('2027-03-20', '2027-03-21')],
    });
    await openPage();
    const pending = await findDay('Wednesday, March 10, 2027, your reservation, pending');
    expect(pending).toHaveAttribute('data-tone', 'pending');
    expect(pending).toHaveTextContent('Pending');
    expect(day('Monday, March 15, 2027, your reservation, approved')).toHaveAttribute(
      'data-tone',
      'approved',
    );
    // A cancelled reservation frees its day: still selectable.
    const cancelled = day('Thursday, March 18, 2027, your reservation, cancelled');
    expect(cancelled).not.toHaveAttribute('aria-disabled');
    const other = day('Saturday, March 20, 2027, reserved');
    expect(other).toHaveTextContent('Reserved');
    expect(other).toHaveAttribute('aria-disabled', 'true');
    // Past days without a reservation are not selectable; with one they still show it.
    expect(day('Thursday, March 4, 2027, past')).toHaveAttribute('aria-disabled', 'true');
    expect(day('Tuesday, March 2, 2027, your reservation, approved')).not.toHaveAttribute(
      'aria-disabled',
    );
    await userEvent.click(day('Thursday, March 4, 2027, past'));
    expect(screen.queryByRole('heading', { name: 'New Reservation' })).not.toBeInTheDocument();
  });

  it("counts today in the house's time zone, not the browser's", async () => {
    // 20:00 UTC on 5 March is already 6 March in Auckland.
    reservationServer({ timeZone: 'Pacific/Auckland' });
    renderApp('/account/reservations');
    expect(await findDay('Saturday, March 6, 2027, today, available')).toHaveAttribute(
      'aria-current',
      'date',
    );
    expect(day('Friday, March 5, 2027, past')).toHaveAttribute('aria-disabled', 'true');
  });

  it('changes month and loads that month', async () => {
    const { fetchMock } = reservationServer({ others: [days('2027-04-02', '2027-04-02')] });
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await findDay('Friday, April 2, 2027, reserved')).toBeInTheDocument();
    const urls = callsTo(fetchMock, 'GET /api/reservations/calendar').map((c) => c.url);
    expect(urls).toContain('/api/reservations/calendar?year=2027&month=3');
    expect(urls).toContain('/api/reservations/calendar?year=2027&month=4');
  });

  it("shows the server's message, or the default, when the calendar fails", async () => {
    reservationServer({
      extra: {
        'GET /api/reservations/calendar': {
          status: 400,
          body: { message: 'year must be a number' },
        },
      },
    });
    await openPage();
    expect(await screen.findByText('year must be a number')).toBeInTheDocument();
  });

  it('shows the default calendar error text with the month name', async () => {
    reservationServer({ extra: { 'GET /api/reservations/calendar': { status: 500 } } });
    await openPage();
    expect(
      await screen.findByText('Could not load reservation data for March 2027.'),
    ).toBeInTheDocument();
  });

  it('says so when the list cannot be loaded', async () => {
    reservationServer({ extra: { 'GET /api/reservations/my-reservations': { status: 500 } } });
    await openPage();
    expect(await screen.findByText(messages.reloadReservationsFailed)).toBeInTheDocument();
  });
});
