import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import {
  authStatus,
  callsTo,
  mockApi,
  renderApp,
  setCsrfCookie,
  testAdmin,
  type FakeRoutes,
} from '../../../test/utils.js';

interface Member {
  id: number;
  username: string;
  email: string | null;
}

const anna: Member = { id: 11, username: 'anna', email: 'anna@example.org' };
const ben: Member = { id: 12, username: 'ben', email: null };

function reservation(
  id: number,
  eventName: string,
  status: Reservation['status'],
  first: string,
  last: string,
  who: Member = anna,
  extra: Partial<Reservation> = {},
): Reservation {
  return {
    id,
    userId: who.id,
    user: { username: who.username, email: who.email },
    startTime: `${first}T00:00:00.000Z`,
    endTime: `${last}T23:59:59.999Z`,
    eventName,
    eventDescription: `About ${eventName}`,
    additionalInfo: null,
    status,
    paymentStatus: 'unpaid',
    adminNotes: null,
    cancellationReason: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

/** Out of start order on purpose: the screen sorts by start. */
const sample = (): Reservation[] => [
  reservation(1, 'Summer camp', 'approved', '2028-07-01', '2028-07-03', anna, {
    paymentStatus: 'paid',
  }),
  reservation(2, 'Spring retreat', 'pending', '2028-03-05', '2028-03-07'),
  reservation(3, 'Youth weekend', 'pending', '2028-05-10', '2028-05-10', ben),
  reservation(4, 'Choir days', 'rejected', '2028-04-01', '2028-04-02', ben, {
    adminNotes: 'Too many guests',
  }),
  reservation(5, 'Elders meeting', 'cancelled', '2028-06-01', '2028-06-01', anna, {
    cancellationReason: 'admin_cancelled',
  }),
];

/** A fake server over a mutable list, so that refetches see the changes. */
function fakeServer(list: Reservation[], overrides: FakeRoutes = {}) {
  setCsrfCookie();
  const routes: FakeRoutes = {
    'GET /api/auth/status': authStatus(testAdmin),
    'GET /api/reservations': () => ({ body: list }),
  };
  for (const r of list) {
    routes[`PATCH /api/reservations/${r.id}/status`] = (req) => {
      const body = req.body as { status: Reservation['status']; adminNotes?: string };
      Object.assign(r, {
        status: body.status,
        ...(body.status === 'rejected' ? { adminNotes: body.adminNotes ?? null } : {}),
        ...(body.status === 'cancelled' ? { cancellationReason: 'admin_cancelled' } : {}),
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
  return mockApi({ ...routes, ...overrides });
}

const table = () => screen.getByRole('table');
const eventNames = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.querySelector('p')!.textContent);
const openTab = (name: RegExp) => userEvent.click(screen.getByRole('tab', { name }));
const rowOf = (eventName: string) =>
  within(table())
    .getAllByRole('row')
    .find((row) => within(row).queryByText(eventName, { selector: 'p' }))!;
const actionNames = (eventName: string) =>
  within(rowOf(eventName))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

async function renderPage(list = sample(), overrides: FakeRoutes = {}) {
  const fetchMock = fakeServer(list, overrides);
  const view = renderApp('/admin/reservations');
  await screen.findByRole('table');
  return { fetchMock, list, ...view };
}

describe('admin reservations', () => {
  it('shows the title, the tabs with their counts and the active reservations by start', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Reservations' })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual([
      'All Active (3)',
      'Pending (2)',
      'Approved (1)',
      'Rejected (1)',
      'Cancelled (1)',
    ]);
    expect(screen.getByRole('tab', { name: 'All Active (3)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(eventNames()).toEqual(['Spring retreat', 'Youth weekend', 'Summer camp']);
    const spring = rowOf('Spring retreat');
    expect(within(spring).getByText('anna@example.org')).toBeInTheDocument();
    expect(spring).toHaveTextContent('2028-03-05 to 2028-03-07');
    expect(within(spring).getByText('3 days')).toBeInTheDocument();
    expect(within(spring).getByText('unpaid')).toBeInTheDocument();
    expect(within(rowOf('Youth weekend')).getByText('1 day')).toBeInTheDocument();
    expect(within(rowOf('Summer camp')).getByText('paid')).toBeInTheDocument();
  });

  it('lists each status under its own tab, with reasons and underscores as spaces', async () => {
    await renderPage();
    await openTab(/^Pending/);
    expect(eventNames()).toEqual(['Spring retreat', 'Youth weekend']);
    await openTab(/^Approved/);
    expect(eventNames()).toEqual(['Summer camp']);
    await openTab(/^Rejected/);
    expect(eventNames()).toEqual(['Choir days']);
    expect(screen.getByText('Rejection reason: Too many guests')).toBeInTheDocument();
    await openTab(/^Cancelled/);
    expect(eventNames()).toEqual(['Elders meeting']);
    expect(screen.getByText('Reason: admin cancelled')).toBeInTheDocument();
  });

  it('says so when a tab is empty', async () => {
    await renderPage(sample().filter((r) => r.status !== 'approved'));
    await openTab(/^Approved/);
    expect(screen.getByText(messages.noReservationsForFilter)).toBeInTheDocument();
  });

  it('offers exactly the actions the status allows, and delete only in the Rejected and Cancelled tabs', async () => {
    await renderPage();
    expect(actionNames('Spring retreat')).toEqual([
      'Approve Spring retreat',
      'Reject Spring retreat',
      'Cancel Spring retreat',
      'Edit Spring retreat',
    ]);
    expect(actionNames('Summer camp')).toEqual([
      'Reject Summer camp',
      'Cancel Summer camp',
      'Edit Summer camp',
    ]);
    await openTab(/^Rejected/);
    expect(actionNames('Choir days')).toEqual(['Delete Choir days', 'Edit Choir days']);
    await openTab(/^Cancelled/);
    expect(actionNames('Elders meeting')).toEqual(['Delete Elders meeting', 'Edit Elders meeting']);
    await openTab(/^Pending/);
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

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
  });

  it('rejects with a reason sent as adminNotes', async () => {
    const { fetchMock } = await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Reject Summer camp' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject reservation' });
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), '  Double booked  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject reservation' }));
    expect(await screen.findByText('Rejected "Summer camp".')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH /api/reservations/1/status')[0]?.body).toEqual({
      status: 'rejected',
      adminNotes: 'Double booked',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await openTab(/^Rejected \(2\)/);
    expect(screen.getByText('Rejection reason: Double booked')).toBeInTheDocument();
  });

  it('rejects without a reason', async () => {
    const { fetchMock } = await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Reject Spring retreat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject reservation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject reservation' }));
    await screen.findByText('Rejected "Spring retreat".');
    expect(callsTo(fetchMock, 'PATCH /api/reservations/2/status')[0]?.body).toEqual({
      status: 'rejected',
    });
  });

  it('cancels only after confirmation', async () => {
    const { fetchMock } = await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Spring retreat' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel reservation' });
    expect(within(dialog).getByText(messages.confirmCancelReservation)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep reservation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PATCH /api/reservations/2/status')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel Spring retreat' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel reservation' });
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
    const dialog = await screen.findByRole('dialog', { name: 'Delete reservation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete reservation' }));
    expect(await screen.findByText('Deleted "Choir days".')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/reservations/4')).toHaveLength(1);
    expect(await screen.findByText(messages.noReservationsForFilter)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Rejected (0)' })).toBeInTheDocument();
  });

  it('requires the event name and description when editing', async () => {
    const { fetchMock } = await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Spring retreat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit reservation details' });
    const name = within(dialog).getByLabelText(/^Event Name/);
    expect(name).toHaveValue('Spring retreat');
    await userEvent.clear(name);
    await userEvent.type(name, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(messages.adminEditRequired);
    expect(callsTo(fetchMock, 'PUT /api/reservations/2/details')).toHaveLength(0);

    await userEvent.clear(name);
    await userEvent.type(name, 'Spring retreat 2028');
    await userEvent.clear(within(dialog).getByLabelText(/^Description/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(messages.adminEditRequired);
    expect(callsTo(fetchMock, 'PUT /api/reservations/2/details')).toHaveLength(0);
  });

  it('saves edited details, trimmed, and shows them after the refetch', async () => {
    const { fetchMock } = await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Spring retreat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit reservation details' });
    const name = within(dialog).getByLabelText(/^Event Name/);
    await userEvent.clear(name);
    await userEvent.type(name, ' Spring retreat 2028 ');
    await userEvent.type(within(dialog).getByLabelText('Additional Information'), 'Late arrival');
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
    const dialog = await screen.findByRole('dialog', { name: 'Edit reservation details' });
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
    const dialog = await screen.findByRole('dialog', { name: 'Edit reservation details' });
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
    const dialog = await screen.findByRole('dialog', { name: 'Reject reservation' });
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'No room');
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
    const dialog = await screen.findByRole('dialog', { name: 'Delete reservation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete reservation' }));
    expect(
      await screen.findByText('Only cancelled or rejected reservations can be deleted.'),
    ).toBeInTheDocument();
  });

  it('shows the load failure text', async () => {
    mockApi({
      'GET /api/auth/status': authStatus(testAdmin),
      'GET /api/reservations': {
        status: 500,
        body: { message: 'Something went wrong on our side.' },
      },
    });
    renderApp('/admin/reservations');
    expect(await screen.findByText(messages.adminReservationsFailed)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('filters by user, with the counts of that user', async () => {
    const { router } = await renderPage();
    const select = screen.getByLabelText('Filter by user');
    expect(select).toHaveValue('');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All users', 'anna', 'ben']);
    await userEvent.selectOptions(select, 'ben');
    expect(eventNames()).toEqual(['Youth weekend']);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'All Active (1)',
      'Pending (1)',
      'Approved (0)',
      'Rejected (1)',
      'Cancelled (0)',
    ]);
    expect(router.state.location.search).toBe('?user=12');
    await openTab(/^Rejected/);
    expect(eventNames()).toEqual(['Choir days']);
    await userEvent.selectOptions(select, 'All users');
    expect(eventNames()).toEqual(['Choir days']);
    await openTab(/^All Active/);
    expect(eventNames()).toEqual(['Spring retreat', 'Youth weekend', 'Summer camp']);
  });

  it('opens on the tab and user of the address', async () => {
    fakeServer(sample());
    renderApp('/admin/reservations?tab=cancelled&user=11');
    await screen.findByRole('table');
    expect(screen.getByRole('tab', { name: 'Cancelled (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByLabelText('Filter by user')).toHaveValue('11');
    expect(eventNames()).toEqual(['Elders meeting']);
  });
});
