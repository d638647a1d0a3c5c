/**
 * My Reservations: selecting days on the calendar and sending a reservation
 * request, its checks and failures, and where the focus lands after a keyboard submit.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { callsTo, fixDateForEachTest } from '@/test/utils.js';
import {
  NOW,
  day,
  days,
  findDay,
  openPage,
  reservationServer,
  waitForList,
} from '../reservations.testing.js';

fixDateForEachTest(NOW);

describe('My Reservations: selecting dates and requesting', () => {
  it('first click then second click selects the inclusive range and shows the form', async () => {
    reservationServer();
    await openPage();
    const user = userEvent.setup();
    expect(screen.queryByRole('heading', { name: 'New Reservation' })).not.toBeInTheDocument();
    await user.click(day('Friday, March 12, 2027, available'));
    expect(screen.getByRole('heading', { name: 'New Reservation' })).toBeInTheDocument();
    await user.click(day('Wednesday, March 10, 2027, available'));
    for (const d of ['Wednesday, March 10', 'Thursday, March 11', 'Friday, March 12']) {
      expect(day(`${d}, 2027, selected`)).toHaveAttribute('data-selected', 'true');
    }
    expect(
      screen.getByText(/Wednesday, March 10, 2027 to Friday, March 12, 2027 \(3 days\)/),
    ).toBeInTheDocument();

    // A click while a range is selected starts a new selection.
    await user.click(day('Monday, March 22, 2027, available'));
    expect(day('Monday, March 22, 2027, selected')).toBeInTheDocument();
    expect(day('Wednesday, March 10, 2027, available')).toBeInTheDocument();

    // Clicking the same first date again clears it, and the form goes.
    await user.click(day('Monday, March 22, 2027, selected'));
    expect(day('Monday, March 22, 2027, available')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'New Reservation' })).not.toBeInTheDocument();
  });

  it('shows the validation messages and sends nothing', async () => {
    const { fetchMock } = reservationServer();
    await openPage();
    const user = userEvent.setup();
    await user.click(day('Wednesday, March 10, 2027, available'));
    await user.click(screen.getByRole('button', { name: 'Submit Reservation Request' }));
    expect(await screen.findByText(messages.enterEventName)).toBeInTheDocument();
    expect(screen.getByText(messages.enterEventDescription)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Event Name/)).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText(/^Event Name/), 'Retreat');
    await user.click(screen.getByRole('button', { name: 'Submit Reservation Request' }));
    expect(screen.queryByText(messages.enterEventName)).not.toBeInTheDocument();
    expect(screen.getByText(messages.enterEventDescription)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/reservations')).toHaveLength(0);
  });

  it('refuses at submission a range whose day was taken after it was selected', async () => {
    const others: { startTime: string; endTime: string }[] = [];
    const { fetchMock } = reservationServer({ others });
    const { queryClient } = await openPage();
    const user = userEvent.setup();
    await user.click(day('Wednesday, March 10, 2027, available'));
    await user.click(day('Friday, March 12, 2027, available'));
    // Someone else takes the 11th; the calendar learns it on its next load.
    others.push(days('2027-03-11', '2027-03-11'));
    await queryClient.invalidateQueries({ queryKey: ['reservations', 'calendar'] });
    expect(await findDay('Thursday, March 11, 2027, reserved, selected')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Event Name/), 'Retreat');
    await user.type(screen.getByLabelText(/^Event Description/), 'Quiet days');
    await user.click(screen.getByRole('button', { name: 'Submit Reservation Request' }));
    expect(await screen.findByText(messages.contiguousBlock)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/reservations')).toHaveLength(0);
  });

  it('sends exactly midnight UTC of the 10th to the last millisecond of the 12th, then reloads', async () => {
    const { fetchMock } = reservationServer();
    await openPage();
    await waitForList();
    const user = userEvent.setup();
    await user.click(day('Wednesday, March 10, 2027, available'));
    await user.click(day('Friday, March 12, 2027, available'));
    await user.type(screen.getByLabelText(/^Event Name/), '  Spring retreat ');
    await user.type(screen.getByLabelText(/^Event Description/), 'Three quiet days');
    await user.click(screen.getByRole('button', { name: 'Submit Reservation Request' }));

    expect(await screen.findByText(/submitted and is pending approval/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/reservations').map((c) => c.body)).toEqual([
      {
        startTime: '2027-03-10T00:00:00.000Z',
        endTime: '2027-03-12T23:59:59.999Z',
        eventName: 'Spring retreat',
        eventDescription: 'Three quiet days',
        additionalInfo: null,
      },
    ]);
    // The selection is cleared; the calendar and the list are reloaded.
    expect(screen.queryByRole('heading', { name: 'New Reservation' })).not.toBeInTheDocument();
    expect(
      await findDay('Wednesday, March 10, 2027, your reservation, pending'),
    ).toBeInTheDocument();
    expect(day('Friday, March 12, 2027, your reservation, pending')).toBeInTheDocument();
    const row = (await screen.findByText('Spring retreat')).closest('tr')!;
    expect(within(row).getByText('2027-03-10 to 2027-03-12')).toBeInTheDocument();
    expect(within(row).getByText('pending')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All (1)' })).toBeInTheDocument();
  });

  it('shows the default text when the request fails', async () => {
    reservationServer({
      extra: {
        'POST /api/reservations': {
          status: 409,
          body: { message: 'Some of the selected days are already reserved.' },
        },
      },
    });
    await openPage();
    const user = userEvent.setup();
    await user.click(day('Wednesday, March 10, 2027, available'));
    await user.type(screen.getByLabelText(/^Event Name/), 'Retreat');
    await user.type(screen.getByLabelText(/^Event Description/), 'Quiet');
    await user.click(screen.getByRole('button', { name: 'Submit Reservation Request' }));
    expect(await screen.findByText(messages.reservationSubmitFailed)).toBeInTheDocument();
    expect(screen.queryByText(/just reserved/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New Reservation' })).toBeInTheDocument();
  });
});

describe('My Reservations: focus after a keyboard submit', () => {
  it('lands on the new row, not on the page body, after Enter in the form', async () => {
    reservationServer();
    await openPage();
    await waitForList();
    const user = userEvent.setup();
    day('Wednesday, March 10, 2027, available').focus();
    await user.keyboard('{Enter}{ArrowRight}{ArrowRight}{Enter}');
    await user.type(screen.getByLabelText(/^Event Name/), 'Spring retreat');
    await user.type(screen.getByLabelText(/^Event Description/), 'Three quiet days');
    // Enter in a one-line field submits: the form goes, the new row takes the focus.
    await user.type(screen.getByLabelText(/^Event Name/), '{Enter}');
    expect(await screen.findByText(/submitted and is pending approval/)).toBeInTheDocument();
    await waitFor(() =>
      expect(document.activeElement?.closest('tr')).toHaveTextContent('Spring retreat'),
    );
    expect(document.activeElement).not.toBe(document.body);
  });
});
