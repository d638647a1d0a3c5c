/**
 * My Reservations: editing a reservation's details inline and cancelling it
 * after a confirmation, with the server's refusals and a screen turned mid-edit.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { atPhoneWidth, callsTo, fixDateForEachTest } from '@/test/utils.js';
import {
  NOW,
  days,
  findDay,
  openPage,
  reservation,
  reservationServer,
} from '../reservations.testing.js';

fixDateForEachTest(NOW);

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
