import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.js';
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

/** The days whose grid cell is aria-selected (and drawn as selected). */
function selectedDays(): string[] {
  return within(screen.getByRole('grid'))
    .getAllByRole('gridcell')
    .filter((cell) => cell.getAttribute('aria-selected') === 'true')
    .map((cell) => {
      const button = within(cell).getByRole('button');
      expect(button).toHaveAttribute('data-selected', 'true');
      expect(button.getAttribute('aria-label')).toMatch(/, selected/);
      return button.dataset.day!;
    });
}

/** The live region next to the calendar (Subscribe under it has its own). */
const notice = () => {
  const region = document.getElementById('range-refusal');
  expect(region).toHaveAttribute('role', 'status');
  return region!;
};

const heldBetween =
  'March 11 to March 13 are reserved, so this range cannot be booked. Choose days before or after them.';

describe('My Reservations: a range that cannot be booked is refused when chosen', () => {
  it("with the pointer, across another church's days: the first day stays, the message names them", async () => {
    reservationServer({ others: [days('2027-03-11', '2027-03-13')] });
    await openPage();
    const user = userEvent.setup();
    await findDay('Thursday, March 11, 2027, reserved');
    expect(notice()).toHaveAttribute('aria-live', 'polite');
    expect(notice()).toBeEmptyDOMElement();

    await user.click(day('Wednesday, March 10, 2027, available'));
    await user.click(day('Sunday, March 14, 2027, available'));
    expect(notice()).toHaveTextContent(heldBetween);
    expect(notice()).toBeVisible();
    expect(selectedDays()).toEqual(['2027-03-10']);
    expect(screen.getByText(/Wednesday, March 10, 2027 \(1 day\)/)).toBeInTheDocument();

    // Clicking a reserved day itself as the second day says so too.
    await user.click(day('Friday, March 12, 2027, reserved'));
    expect(notice()).toHaveTextContent(
      'March 11 to March 12 are reserved, so this range cannot be booked.',
    );
    expect(selectedDays()).toEqual(['2027-03-10']);

    // A range that can be booked is selected, and the message goes.
    await user.click(day('Monday, March 8, 2027, available'));
    expect(selectedDays()).toEqual(['2027-03-08', '2027-03-09', '2027-03-10']);
    expect(notice()).toBeEmptyDOMElement();
  });

  it("with the keyboard (arrows and Enter), across another church's days", async () => {
    reservationServer({ others: [days('2027-03-11', '2027-03-13')] });
    await openPage();
    const user = userEvent.setup();
    await findDay('Thursday, March 11, 2027, reserved');
    day('Wednesday, March 10, 2027, available').focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{Enter}');
    expect(day('Sunday, March 14, 2027, available')).toHaveFocus();
    expect(notice()).toHaveTextContent(heldBetween);
    expect(selectedDays()).toEqual(['2027-03-10']);
    // Enter on a reserved day as the second day is refused the same way.
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(notice()).toHaveTextContent(/^March 11 to March 13 are reserved/);
    expect(selectedDays()).toEqual(['2027-03-10']);
  });

  it("across the member's own pending day, with the pointer and with the keyboard", async () => {
    reservationServer({
      mine: [reservation({ ...days('2027-03-12', '2027-03-12'), status: 'pending' })],
    });
    await openPage();
    const user = userEvent.setup();
    await findDay('Friday, March 12, 2027, your reservation, pending');
    const message =
      'March 12 is held by your own reservation, so this range cannot be booked. Choose days before or after them.';

    await user.click(day('Wednesday, March 10, 2027, available'));
    await user.click(day('Sunday, March 14, 2027, available'));
    expect(notice()).toHaveTextContent(message);
    expect(selectedDays()).toEqual(['2027-03-10']);
    expect(screen.queryByRole('button', { name: 'Hide Details' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(selectedDays()).toEqual([]);
    expect(notice()).toBeEmptyDOMElement();

    day('Sunday, March 14, 2027, available').focus();
    await user.keyboard('{Enter}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{Enter}');
    expect(day('Wednesday, March 10, 2027, available')).toHaveFocus();
    expect(notice()).toHaveTextContent(message);
    expect(selectedDays()).toEqual(['2027-03-14']);
  });

  it('across past days, with the pointer and with the keyboard', async () => {
    reservationServer();
    await openPage();
    const user = userEvent.setup();
    const message =
      'March 3 to March 4 are in the past, so this range cannot be booked. Choose today or a later day.';

    await user.click(day('Friday, March 5, 2027, today, available'));
    await user.click(day('Wednesday, March 3, 2027, past'));
    expect(notice()).toHaveTextContent(message);
    expect(selectedDays()).toEqual(['2027-03-05']);

    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    day('Friday, March 5, 2027, today, available').focus();
    await user.keyboard('{Enter}{ArrowLeft}{ArrowLeft}{Enter}');
    expect(day('Wednesday, March 3, 2027, past')).toHaveFocus();
    expect(notice()).toHaveTextContent(message);
    expect(selectedDays()).toEqual(['2027-03-05']);
  });

  it('across months, reading a month it has not loaded yet', async () => {
    const { fetchMock } = reservationServer({ others: [days('2027-04-15', '2027-04-15')] });
    const { queryClient } = await openPage();
    const user = userEvent.setup();
    await user.click(day('Tuesday, March 30, 2027, available'));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await findDay('Sunday, May 2, 2027, available');
    queryClient.removeQueries({ queryKey: ['reservations', 'calendar', 2027, 4] });
    const aprilLoads = () =>
      callsTo(fetchMock, 'GET /api/reservations/calendar').filter((c) => c.url.endsWith('month=4'));
    const before = aprilLoads().length;

    await user.click(day('Sunday, May 2, 2027, available'));
    expect(await screen.findByText(/^April 15 is reserved, so this range/)).toBeInTheDocument();
    expect(aprilLoads()).toHaveLength(before + 1);
    expect(selectedDays()).toEqual([]);
    expect(screen.getByText(/Tuesday, March 30, 2027 \(1 day\)/)).toBeInTheDocument();
  });

  it('across days the house closed, with the pointer and with the keyboard', async () => {
    reservationServer({
      closures: [{ id: 1, startDate: '2027-03-11', endDate: '2027-03-12', label: 'House retreat' }],
    });
    await openPage();
    const user = userEvent.setup();
    await findDay('Thursday, March 11, 2027, closed, House retreat');
    // The label is named under the calendar, the cell says "Closed".
    expect(screen.getByText('Closed March 11 to March 12: House retreat')).toBeInTheDocument();
    expect(screen.getByText('Closed by the house')).toBeInTheDocument();
    const message =
      'March 11 to March 12 are closed, so this range cannot be booked. Choose days before or after them.';

    await user.click(day('Wednesday, March 10, 2027, available'));
    await user.click(day('Saturday, March 13, 2027, available'));
    expect(notice()).toHaveTextContent(message);
    expect(selectedDays()).toEqual(['2027-03-10']);

    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    day('Saturday, March 13, 2027, available').focus();
    await user.keyboard('{Enter}{ArrowLeft}{ArrowLeft}{ArrowLeft}{Enter}');
    expect(day('Wednesday, March 10, 2027, available')).toHaveFocus();
    expect(notice()).toHaveTextContent(message);
    expect(selectedDays()).toEqual(['2027-03-13']);
    // A closed day cannot start a selection either.
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    await user.click(day('Thursday, March 11, 2027, closed, House retreat'));
    expect(selectedDays()).toEqual([]);
  });

  it('across turnover days around another stay, with the pointer and with the keyboard', async () => {
    reservationServer({ others: [days('2027-03-11', '2027-03-12')], turnoverDays: 1 });
    await openPage();
    const user = userEvent.setup();
    await findDay('Wednesday, March 10, 2027, kept free for turnover between stays');
    expect(
      day('Saturday, March 13, 2027, kept free for turnover between stays'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/keeps one day free before and after each stay for turnover/),
    ).toBeInTheDocument();

    // Ending right before the stay would need the stay's first day for turnover.
    await user.click(day('Monday, March 8, 2027, available'));
    await user.click(day('Wednesday, March 10, 2027, kept free for turnover between stays'));
    expect(notice()).toHaveTextContent(
      'March 10 is kept free for turnover between stays, so this range cannot be booked. Choose days before or after them.',
    );
    expect(selectedDays()).toEqual(['2027-03-08']);
    // A range that ends a turnover day earlier can be booked.
    await user.click(day('Tuesday, March 9, 2027, available'));
    expect(selectedDays()).toEqual(['2027-03-08', '2027-03-09']);

    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    day('Sunday, March 14, 2027, available').focus();
    await user.keyboard('{Enter}{ArrowLeft}{Enter}');
    expect(notice()).toHaveTextContent(/^March 13 is kept free for turnover between stays/);
    expect(selectedDays()).toEqual(['2027-03-14']);
  });

  it('refuses a range longer than one reservation may last', async () => {
    reservationServer();
    await openPage();
    const user = userEvent.setup();
    await user.click(day('Wednesday, March 10, 2027, available'));
    for (let i = 0; i < 2; i++)
      await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(await findDay('Thursday, May 20, 2027, available'));
    expect(notice()).toHaveTextContent(
      'May 9 to May 20 are beyond the 60 days one reservation may last, so this range cannot be booked. Choose at most 60 days.',
    );
    expect(selectedDays()).toEqual([]);
  });
});

describe('My Reservations: a request that loses the race', () => {
  it('keeps the message, names the days just taken and reloads the calendar', async () => {
    const others: { startTime: string; endTime: string }[] = [];
    const { fetchMock } = reservationServer({
      others,
      extra: {
        'POST /api/reservations': () => {
          // Another church's request for the 11th and 12th won a moment before.
          others.push(days('2027-03-11', '2027-03-12'));
          return {
            status: 409,
            body: {
              message: 'Some of the selected days are already reserved.',
              code: 'days_taken',
              days: ['2027-03-11', '2027-03-12'],
            },
          };
        },
      },
    });
    await openPage();
    const user = userEvent.setup();
    await user.click(day('Wednesday, March 10, 2027, available'));
    await user.click(day('Saturday, March 13, 2027, available'));
    await user.type(screen.getByLabelText(/^Event Name/), 'Retreat');
    await user.type(screen.getByLabelText(/^Event Description/), 'Quiet days');
    const marchLoads = () =>
      callsTo(fetchMock, 'GET /api/reservations/calendar').filter((c) =>
        c.url.endsWith('year=2027&month=3'),
      ).length;
    const before = marchLoads();
    await user.click(screen.getByRole('button', { name: 'Submit Reservation Request' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(messages.reservationSubmitFailed)).toBeInTheDocument();
    expect(within(alert).getByText('March 11 to March 12 were just reserved.')).toBeInTheDocument();
    // The month is loaded again and shows the days taken, still inside the selection.
    expect(await findDay('Thursday, March 11, 2027, reserved, selected')).toBeInTheDocument();
    expect(marchLoads()).toBeGreaterThan(before);
    expect(day('Friday, March 12, 2027, reserved, selected')).toBeInTheDocument();

    // Sending the same days again stops before the request.
    await user.click(screen.getByRole('button', { name: 'Submit Reservation Request' }));
    expect(await screen.findByText(messages.contiguousBlock)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/reservations')).toHaveLength(1);
  });
});
