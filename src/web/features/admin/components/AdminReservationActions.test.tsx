import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { callsTo, findDialog, typeText } from '@/test/utils.js';
import { openTab, renderPage, sample } from '../../../test/reservations-test-server.js';

describe('admin reservations: the row actions', () => {
  it('approves a pending reservation, tells so and refetches', async () => {
    const { fetchMock } = await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Approve Spring retreat' }));
    expect(await screen.findByText('Approved "Spring retreat".')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/reservations/2/status')[0]?.body).toEqual({
      status: 'approved',
    });
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Approved (2)' })).toBeInTheDocument(),
    );
    expect(callsTo(fetchMock, 'GET /api/reservations')).toHaveLength(2);
    // The approved row stays in this tab; focus lands on it, not on the page body.
    await waitFor(() => expect(document.getElementById('admin-reservation-2')).toHaveFocus());
  });

  it('rejects with a reason sent as adminNotes', async () => {
    const { fetchMock } = await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Reject Summer camp' }));
    const dialog = await findDialog('Reject reservation');
    await typeText(within(dialog).getByLabelText(/^Reason/), '  Double booked  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject reservation' }));
    // Summer camp is paid: the full amount is refunded with it.
    expect(
      await screen.findByText('Rejected "Summer camp". Refunded $450.00.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/reservations/1/status')[0]?.body).toEqual({
      status: 'rejected',
      adminNotes: 'Double booked',
      refundCents: 45000,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The row left the Active tab with its buttons: the tab takes the focus.
    await waitFor(() => expect(screen.getByRole('tab', { name: /^All Active/ })).toHaveFocus());
    await openTab(/^Rejected \(2\)/);
    expect(screen.getByText('Rejection reason: Double booked')).toBeInTheDocument();
  });

  it('rejects without a reason', async () => {
    const { fetchMock } = await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Reject Spring retreat' }));
    const dialog = await findDialog('Reject reservation');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject reservation' }));
    await screen.findByText('Rejected "Spring retreat".');
    expect(callsTo(fetchMock, 'PATCH /api/reservations/2/status')[0]?.body).toEqual({
      status: 'rejected',
    });
  });

  it('cancels only after confirmation', async () => {
    const { fetchMock } = await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Spring retreat' }));
    let dialog = await findDialog('Cancel reservation');
    expect(within(dialog).getByText(messages.confirmCancelReservation)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep reservation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PATCH /api/reservations/2/status')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel Spring retreat' }));
    dialog = await findDialog('Cancel reservation');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel reservation' }));
    expect(await screen.findByText('Cancelled "Spring retreat".')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/reservations/2/status')[0]?.body).toEqual({
      status: 'cancelled',
    });
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Cancelled (2)' })).toBeInTheDocument(),
    );
  });

  it('deletes a rejected reservation from the Rejected tab after confirmation', async () => {
    const { fetchMock } = await renderPage();
    await openTab(/^Rejected/);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Choir days' }));
    const dialog = await findDialog('Delete reservation');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete reservation' }));
    expect(await screen.findByText('Deleted "Choir days".')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/reservations/4')).toHaveLength(1);
    expect(await screen.findByText(messages.noReservationsForFilter)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Rejected (0)' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Rejected (0)' })).toHaveFocus());
  });

  it('requires the event name and description when editing', async () => {
    const { fetchMock } = await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Spring retreat' }));
    const dialog = await findDialog('Edit reservation details');
    const name = within(dialog).getByLabelText(/^Event Name/);
    expect(name).toHaveValue('Spring retreat');
    await userEvent.clear(name);
    await typeText(name, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(messages.adminEditRequired);
    expect(callsTo(fetchMock, 'PUT /api/reservations/2/details')).toHaveLength(0);

    await userEvent.clear(name);
    await typeText(name, 'Spring retreat 2028');
    await userEvent.clear(within(dialog).getByLabelText(/^Description/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(messages.adminEditRequired);
    expect(callsTo(fetchMock, 'PUT /api/reservations/2/details')).toHaveLength(0);
  });

  it('saves edited details, trimmed, and shows them after the refetch', async () => {
    const { fetchMock } = await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Spring retreat' }));
    const dialog = await findDialog('Edit reservation details');
    const name = within(dialog).getByLabelText(/^Event Name/);
    await userEvent.clear(name);
    await typeText(name, ' Spring retreat 2028 ');
    await typeText(within(dialog).getByLabelText('Additional Information'), 'Late arrival');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('Updated the details of "Spring retreat 2028".'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/reservations/2/details')[0]?.body).toEqual({
      eventName: 'Spring retreat 2028',
      eventDescription: 'About Spring retreat',
      additionalInfo: 'Late arrival',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Edit Spring retreat 2028' }),
    ).toBeInTheDocument();
  });

  it('shows the default edit failure text and keeps the dialog open', async () => {
    await renderPage(sample(), { 'PUT /api/reservations/2/details': { status: 500 } });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Spring retreat' }));
    const dialog = await findDialog('Edit reservation details');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.adminUpdateFailed);
    expect(within(dialog).getByLabelText(/^Event Name/)).toHaveValue('Spring retreat');
  });

  it("shows the server's message when an edit is refused", async () => {
    await renderPage(sample(), {
      'PUT /api/reservations/2/details': {
        status: 400,
        body: { message: 'At most 200 characters, please.' },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Spring retreat' }));
    const dialog = await findDialog('Edit reservation details');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'At most 200 characters, please.',
    );
  });

  it('shows the generic action failure text, or the server message', async () => {
    await renderPage(sample(), {
      'PATCH /api/reservations/2/status': { status: 500 },
      'PATCH /api/reservations/3/status': {
        status: 409,
        body: { message: 'This reservation cannot be approved.' },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Approve Spring retreat' }));
    expect(await screen.findByText(messages.adminActionFailed)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve Youth weekend' }));
    expect(await screen.findByText('This reservation cannot be approved.')).toBeInTheDocument();
  });

  it('keeps the reject dialog open with the failure', async () => {
    await renderPage(sample(), { 'PATCH /api/reservations/2/status': { status: 500 } });
    await userEvent.click(screen.getByRole('button', { name: 'Reject Spring retreat' }));
    const dialog = await findDialog('Reject reservation');
    await typeText(within(dialog).getByLabelText(/^Reason/), 'No room');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject reservation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.adminActionFailed);
    expect(within(dialog).getByLabelText(/^Reason/)).toHaveValue('No room');
  });

  it('shows the delete failure from the server', async () => {
    await renderPage(sample(), {
      'DELETE /api/reservations/5': {
        status: 409,
        body: { message: 'Only cancelled or rejected reservations can be deleted.' },
      },
    });
    await openTab(/^Cancelled/);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Elders meeting' }));
    const dialog = await findDialog('Delete reservation');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete reservation' }));
    expect(
      await screen.findByText('Only cancelled or rejected reservations can be deleted.'),
    ).toBeInTheDocument();
  });
});
