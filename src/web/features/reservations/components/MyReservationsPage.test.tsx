import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { atPhoneWidth, callsTo, renderApp } from '@/test/utils.js';
import { headerTexts } from '@/test/screen-texts.js';
import {
  NOW,
  day,
  days,
  findDay,
  openPage,
  reservation,
  reservationServer,
  waitForList,
} from '../testing.js';

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

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

describe('My Reservations: list', () => {
  const mine = () => [
    reservation({
      ...days('2027-05-01', '2027-05-02'),
      eventName: 'May retreat',
      status: 'approved',
    }),
    reservation({
      ...days('2027-03-20', '2027-03-22'),
      eventName: 'March retreat',
      status: 'pending',
      eventDescription: '',
      additionalInfo: 'Bring food',
    }),
    reservation({
      ...days('2027-04-01', '2027-04-01'),
      eventName: 'Cancelled day',
      status: 'cancelled',
      cancellationReason: 'user_cancelled',
    }),
    reservation({
      ...days('2027-04-03', '2027-04-03'),
      eventName: 'Rejected day',
      status: 'rejected',
      adminNotes: 'The house is closed for repairs.',
    }),
  ];

  it('has tabs with counts; All holds pending and approved, sorted by start', async () => {
    reservationServer({ mine: mine() });
    await openPage();
    expect(await screen.findByRole('tab', { name: 'All (2)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Pending (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Approved (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Rejected (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cancelled (1)' })).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(headerTexts(table)).toEqual(['Event Name', 'Dates', 'Status', 'Action']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'March retreat',
      'May retreat',
    ]);
    expect(within(rows[0]!).getByRole('button', { name: 'Show Details' })).toBeInTheDocument();
  });

  it('shows the empty text for a tab without reservations', async () => {
    reservationServer({ mine: [mine()[0]!] });
    await openPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Rejected (0)' }));
    expect(screen.getByText(messages.noReservationsForFilter)).toBeInTheDocument();
  });

  it('expands details: description or Not provided, additional info or None, and the actions', async () => {
    reservationServer({ mine: mine() });
    await openPage();
    const user = userEvent.setup();
    const row = (await screen.findByText('March retreat')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Show Details' }));
    const toggle = within(row).getByRole('button', { name: 'Hide Details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = within(document.getElementById(toggle.getAttribute('aria-controls')!)!);
    expect(details.getByText('Not provided')).toBeInTheDocument();
    expect(details.getByText('Bring food')).toBeInTheDocument();
    expect(details.getByRole('button', { name: 'Edit Details' })).toBeInTheDocument();
    expect(details.getByRole('button', { name: 'Cancel This Reservation' })).toBeInTheDocument();
    // Clicking the row again collapses it.
    await user.click(within(row).getByText('March retreat'));
    expect(screen.queryByRole('button', { name: 'Edit Details' })).not.toBeInTheDocument();

    const may = (await screen.findByText('May retreat')).closest('tr')!;
    await user.click(within(may).getByText('May retreat'));
    expect(screen.getByText('Description')).toBeInTheDocument();
    expect(screen.getByText('None')).toBeInTheDocument();
  });

  it('shows the cancellation reason with spaces, and no actions, for a cancelled one', async () => {
    reservationServer({ mine: mine() });
    await openPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Cancelled (1)' }));
    await user.click(await screen.findByRole('button', { name: 'Show Details' }));
    expect(screen.getByText('Cancellation Reason')).toBeInTheDocument();
    expect(screen.getByText('user cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Details' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Cancel This Reservation' }),
    ).not.toBeInTheDocument();
  });

  it('shows the admin notes as the rejection reason for a rejected one', async () => {
    reservationServer({ mine: mine() });
    await openPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Rejected (1)' }));
    await user.click(await screen.findByRole('button', { name: 'Show Details' }));
    expect(screen.getByText('Rejection Reason')).toBeInTheDocument();
    expect(screen.getByText('The house is closed for repairs.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Details' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Cancel This Reservation' }),
    ).not.toBeInTheDocument();
  });

  it('highlights an expanded pending row on the calendar and scrolls to it after 10 ms', async () => {
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
    onTestFinished(() => scroll.mockRestore());
    reservationServer({ mine: mine() });
    await openPage();
    const user = userEvent.setup();
    await user.click(await screen.findByText('May retreat'));
    // The calendar shows the reservation's month, its days highlighted.
    expect(
      await findDay('Saturday, May 1, 2027, your reservation, approved, highlighted'),
    ).toHaveAttribute('data-highlighted', 'true');
    expect(day('Sunday, May 2, 2027, your reservation, approved, highlighted')).toBeInTheDocument();
    await waitFor(() =>
      expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' }),
    );
    expect(scroll.mock.contexts[0]).toBe(screen.getByRole('grid').closest('section'));
  });

  it('a date selection clears the expanded row; expanding hides the form', async () => {
    reservationServer({ mine: mine() });
    await openPage();
    const user = userEvent.setup();
    await user.click(day('Wednesday, March 10, 2027, available'));
    expect(screen.getByRole('heading', { name: 'New Reservation' })).toBeInTheDocument();
    await user.click((await screen.findAllByRole('button', { name: 'Show Details' }))[0]!);
    expect(screen.queryByRole('heading', { name: 'New Reservation' })).not.toBeInTheDocument();
    await user.click(day('Thursday, March 11, 2027, available'));
    expect(screen.queryByRole('button', { name: 'Hide Details' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New Reservation' })).toBeInTheDocument();
  });

  it('choosing a tab clears the selection and the expanded row', async () => {
    reservationServer({ mine: mine() });
    await openPage();
    const user = userEvent.setup();
    await user.click(day('Wednesday, March 10, 2027, available'));
    await user.click((await screen.findAllByRole('button', { name: 'Show Details' }))[0]!);
    // Both at once: the selection stays while a reservation is viewed (the form is hidden).
    expect(day('Wednesday, March 10, 2027, selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide Details' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Pending (1)' }));
    expect(day('Wednesday, March 10, 2027, available')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'New Reservation' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show Details' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await user.click(screen.getByRole('tab', { name: 'All (2)' }));
    expect(screen.queryByRole('button', { name: 'Hide Details' })).not.toBeInTheDocument();
  });

  it('a click on a day of an own reservation shows its details', async () => {
    reservationServer({ mine: mine() });
    await openPage();
    await waitForList();
    await userEvent.click(await findDay('Sunday, March 21, 2027, your reservation, pending'));
    expect(screen.getByRole('button', { name: 'Hide Details' })).toBeInTheDocument();
    expect(screen.getByText('Bring food')).toBeInTheDocument();
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

describe('My Reservations: edit and cancel', () => {
  const one = () =>
    reservation({
      ...days('2027-03-20', '2027-03-22'),
      id: 7,
      eventName: 'March retreat',
      eventDescription: 'Quiet days',
      additionalInfo: 'Bring food',
    });

  async function expandFirst() {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show Details' }));
    return user;
  }

  it('edits inline: Save disabled when blank, values trimmed, then collapses and reloads', async () => {
    const { fetchMock, list } = reservationServer({
      mine: [one()],
      extra: {
        'PUT /api/reservations/7/details': (req) => {
          Object.assign(list[0]!, req.body);
          return { body: list[0] };
        },
      },
    });
    await openPage();
    const user = await expandFirst();
    await user.click(screen.getByRole('button', { name: 'Edit Details' }));
    const name = screen.getByLabelText(/^Event Name/);
    const description = screen.getByLabelText(/^Event Description/);
    expect(name).toHaveValue('March retreat');
    expect(description).toHaveValue('Quiet days');
    expect(screen.getByLabelText('Additional Information')).toHaveValue('Bring food');

    await user.clear(name);
    await user.type(name, '   ');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    expect(screen.getByText(messages.userEditRequired)).toBeInTheDocument();

    await user.type(name, 'Renamed retreat  ');
    await user.clear(screen.getByLabelText('Additional Information'));
    await user.type(screen.getByLabelText('Additional Information'), '   ');
    expect(screen.queryByText(messages.userEditRequired)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Reservation details updated.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/reservations/7/details').map((c) => c.body)).toEqual([
      { eventName: 'Renamed retreat', eventDescription: 'Quiet days', additionalInfo: null },
    ]);
    expect(await screen.findByText('Renamed retreat')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show Details' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    // The form has gone: the focus is on the updated row, not on the page body.
    await waitFor(() => expect(document.activeElement).toHaveAttribute('id', 'reservation-7'));
    expect(
      callsTo(fetchMock, 'GET /api/reservations/my-reservations').length,
    ).toBeGreaterThanOrEqual(2);
  });

  it("shows 'Saving...' while busy and the server's message on failure", async () => {
    let fail: (reply: { status: number; body: unknown }) => void = () => {};
    reservationServer({
      mine: [one()],
      extra: {
        'PUT /api/reservations/7/details': () => new Promise((resolve) => (fail = resolve)),
      },
    });
    await openPage();
    const user = await expandFirst();
    await user.click(screen.getByRole('button', { name: 'Edit Details' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    fail({
      status: 409,
      body: { message: 'Cancelled or rejected reservations cannot be edited.' },
    });
    expect(
      await screen.findByText('Cancelled or rejected reservations cannot be edited.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });

  it("puts the server's refusal of a field on that field, keeping what was typed", async () => {
    reservationServer({
      mine: [one()],
      extra: {
        'PUT /api/reservations/7/details': {
          status: 400,
          body: {
            message: 'Invalid request.',
            code: 'validation_failed',
            issues: [{ path: 'body.eventName', message: 'That name is too long for the house.' }],
          },
        },
      },
    });
    await openPage();
    const user = await expandFirst();
    await user.click(screen.getByRole('button', { name: 'Edit Details' }));
    const name = screen.getByLabelText(/^Event Name/);
    await user.type(name, ' again');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(
      expect.stringContaining('That name is too long for the house.'),
    );
    expect(name).toHaveValue('March retreat again');
    expect(screen.queryByText('Invalid request.')).not.toBeInTheDocument();
  });

  it('shows the default text when an update fails without a message; Cancel Edit goes back', async () => {
    reservationServer({
      mine: [one()],
      extra: { 'PUT /api/reservations/7/details': { status: 500 } },
    });
    await openPage();
    const user = await expandFirst();
    await user.click(screen.getByRole('button', { name: 'Edit Details' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(messages.updateFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel Edit' }));
    expect(screen.getByRole('button', { name: 'Edit Details' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Event Name/)).not.toBeInTheDocument();
  });

  it('keeps what is typed, and the cancel question, when the screen crosses the phone width', async () => {
    const resize = atPhoneWidth({ width: 1024, height: 800 });
    reservationServer({ mine: [one()] });
    await openPage();
    const user = await expandFirst();
    expect(screen.getByRole('table')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Details' }));
    await user.type(screen.getByLabelText(/^Event Name/), ' with the choir');

    // Turned to a phone: the table becomes cards, and the form stays as it was.
    act(() => resize({ width: 390, height: 844 }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Event Name/)).toHaveValue('March retreat with the choir');
    act(() => resize({ width: 1024, height: 800 }));
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Event Name/)).toHaveValue('March retreat with the choir');

    // Cancel Edit forgets the draft; the cancel question survives a turn too.
    await user.click(screen.getByRole('button', { name: 'Cancel Edit' }));
    await user.click(screen.getByRole('button', { name: 'Cancel This Reservation' }));
    expect(screen.getByRole('dialog', { name: 'Cancel Reservation' })).toBeInTheDocument();
    act(() => resize({ width: 390, height: 844 }));
    expect(screen.getByRole('dialog', { name: 'Cancel Reservation' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'No, Keep It' }));
    await user.click(screen.getByRole('button', { name: 'Edit Details' }));
    expect(screen.getByLabelText(/^Event Name/)).toHaveValue('March retreat');

    // Closing the details forgets the form: opened again, they show the texts.
    await user.click(screen.getByRole('button', { name: 'Hide Details' }));
    await user.click(screen.getByRole('button', { name: 'Show Details' }));
    expect(screen.getByRole('button', { name: 'Edit Details' })).toBeInTheDocument();
  });

  it('cancels after the confirmation, then collapses and reloads', async () => {
    const { fetchMock, list } = reservationServer({
      mine: [one()],
      extra: {
        'PATCH /api/reservations/7/cancel': () => {
          Object.assign(list[0]!, { status: 'cancelled', cancellationReason: 'user_cancelled' });
          return { body: list[0] };
        },
      },
    });
    await openPage();
    const user = await expandFirst();
    await user.click(screen.getByRole('button', { name: 'Cancel This Reservation' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Reservation' });
    expect(within(dialog).getByText(messages.confirmCancelReservation)).toBeInTheDocument();

    // "No" keeps it.
    await user.click(within(dialog).getByRole('button', { name: 'No, Keep It' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/reservations/7/cancel')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel This Reservation' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, Cancel Reservation' }),
    );
    expect(await screen.findByText('Reservation cancelled.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/reservations/7/cancel')).toHaveLength(1);
    expect(await screen.findByRole('tab', { name: 'Cancelled (1)' })).toBeInTheDocument();
    expect(screen.getByText(messages.noReservationsForFilter)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The row has left the tab: the focus is on the list's heading.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { name: 'Your Reservations' }),
      ),
    );
    expect(
      await findDay('Saturday, March 20, 2027, your reservation, cancelled'),
    ).toBeInTheDocument();
  });

  it("shows the server's message, or the default, when cancelling fails", async () => {
    let reply: { status: number; body?: unknown } = {
      status: 409,
      body: { message: 'Only pending or approved reservations can be cancelled.' },
    };
    reservationServer({
      mine: [one()],
      extra: { 'PATCH /api/reservations/7/cancel': () => reply },
    });
    await openPage();
    const user = await expandFirst();
    await user.click(screen.getByRole('button', { name: 'Cancel This Reservation' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel Reservation' }));
    expect(
      await screen.findByText('Only pending or approved reservations can be cancelled.'),
    ).toBeInTheDocument();

    reply = { status: 500 };
    await user.click(screen.getByRole('button', { name: 'Cancel This Reservation' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel Reservation' }));
    expect(await screen.findByText(messages.cancelFailed)).toBeInTheDocument();
  });
});
