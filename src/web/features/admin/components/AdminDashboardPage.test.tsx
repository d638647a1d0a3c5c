import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { datePart } from '../../../../shared/dates.js';
import { sortByStart } from '../../../../shared/reservations.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import type { PendingUser } from '../../../../shared/schemas/users.js';
import {
  callsTo,
  mockApi,
  renderApp,
  testAdmin,
  type FakeRequest,
  type FakeRoutes,
  facilityInfo,
  region,
} from '@/test/utils.js';
import { pageOf, statusCounts } from '@/test/fake-lists.js';
import { rowTexts } from '@/test/screen-texts.js';
import { noEmailWarning } from './AdminEmailCard.js';
import { ben, reservation } from '../../../test/reservations-test-server.js';

const TODAY = '2028-03-10';

/** Out of start order on purpose; today is 2028-03-10. */
const reservationsSample = (): Reservation[] => [
  reservation(1, 'Summer camp', 'approved', '2028-07-01', '2028-07-03'),
  reservation(2, 'Past retreat', 'approved', '2028-03-01', '2028-03-09'),
  reservation(3, 'Old request', 'pending', '2028-02-01', '2028-02-02', ben),
  reservation(4, 'Under way', 'approved', '2028-03-08', '2028-03-11', ben),
  reservation(5, 'Starts today', 'pending', '2028-03-10', '2028-03-10'),
  reservation(6, 'Choir days', 'rejected', '2028-04-01', '2028-04-02', ben),
  reservation(7, 'Elders meeting', 'cancelled', '2028-04-05', '2028-04-05'),
  reservation(8, 'Youth weekend', 'pending', '2028-05-10', '2028-05-11', ben),
  reservation(9, 'Spring retreat', 'approved', '2028-04-20', '2028-04-22'),
  reservation(10, 'Autumn retreat', 'pending', '2028-09-01', '2028-09-03'),
];

const pendingSample = (): PendingUser[] => [
  { id: 7, username: 'anna', email: 'anna@example.org', createdAt: '2028-03-01T09:00:00.000Z' },
  { id: 8, username: 'ben', email: null, createdAt: '2028-03-02T09:00:00.000Z' },
];

/** GET /api/reservations as the server answers it: `status`, `from` (last day), by start, paged. */
function listOf(list: readonly Reservation[]) {
  return (req: FakeRequest) => {
    const q = new URL(req.url, 'http://localhost').searchParams;
    const statuses = q.get('status')?.split(',');
    const from = q.get('from');
    const rows = sortByStart(
      list.filter(
        (r) => (!statuses || statuses.includes(r.status)) && (!from || datePart(r.endTime) >= from),
      ),
    );
    return { body: pageOf(rows, q) };
  };
}

/** GET /api/reservations/counts: a count per status in the database. */
const countsOf = (list: readonly Reservation[]) => () => ({ body: statusCounts(list) });

function setup(routes: FakeRoutes = {}, user = testAdmin) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${TODAY}T12:00:00.000Z`));
  return mockApi(
    {
      'GET /api/facility/info': facilityInfo('UTC', {
        name: 'Retreat House',
        description: 'A house.',
      }),
      'GET /api/users/pending': { body: pendingSample() },
      'GET /api/reservations': listOf(reservationsSample()),
      'GET /api/reservations/counts': countsOf(reservationsSample()),
      'GET /api/reservations/members': { body: [] },
      'GET /api/admin/refunds': { body: [] },
      // What needs the staff today: AdminDashboardToday.test.tsx.
      'GET /api/admin/today': {
        body: {
          today: TODAY,
          pendingReservations: 0,
          pendingUsers: 0,
          arriving: [],
          overdue: [],
          failedMail: 0,
        },
      },
      ...routes,
    },
    { user },
  );
}

async function renderDashboard(routes: FakeRoutes = {}) {
  setup(routes);
  const view = renderApp('/admin/dashboard');
  // The first render also loads the admin chunk.
  await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, { timeout: 5000 });
  return view;
}

const stayRows = () => rowTexts(within(region('Next stays')).getByRole('table'));

describe('admin dashboard', () => {
  it('welcomes the administrator and counts what waits for a decision', async () => {
    await renderDashboard();
    expect(screen.getByText(/^Welcome to the administrator area\./)).toBeInTheDocument();
    await waitFor(() =>
      expect(region('Pending registrations')).toHaveTextContent('2registrations waiting'),
    );
    // Every pending reservation counts, the past ones too (as the Pending tab does).
    expect(region('Pending reservations')).toHaveTextContent('4reservations waiting');
    expect(
      within(region('Pending registrations')).getByRole('link', { name: 'Review registrations' }),
    ).toHaveAttribute('href', '/admin/users');
    expect(
      within(region('Pending reservations')).getByRole('link', {
        name: 'Review pending reservations',
      }),
    ).toHaveAttribute('href', '/admin/reservations?tab=pending');
  });

  it('lists the next five pending or approved stays from today on, by start', async () => {
    await renderDashboard();
    await within(region('Next stays')).findByRole('table');
    expect(stayRows()).toEqual([
      ['Under way', 'ben', '2028-03-08 to 2028-03-11', 'approved'],
      ['Starts today', 'anna', '2028-03-10 to 2028-03-10', 'pending'],
      ['Spring retreat', 'anna', '2028-04-20 to 2028-04-22', 'approved'],
      ['Youth weekend', 'ben', '2028-05-10 to 2028-05-11', 'pending'],
      ['Summer camp', 'anna', '2028-07-01 to 2028-07-03', 'approved'],
    ]);
    expect(
      within(region('Next stays')).getByRole('link', { name: 'Manage all reservations' }),
    ).toHaveAttribute('href', '/admin/reservations');
  });

  it('asks the server for the pending count and the five next stays, not every reservation', async () => {
    // 120 pending in the database; the list answers only the page it is asked for.
    const many = Array.from({ length: 120 }, (_, i) =>
      reservation(100 + i, `Request ${i + 1}`, 'pending', '2029-01-01', '2029-01-02'),
    );
    const fetchMock = setup({
      'GET /api/reservations': listOf([...reservationsSample(), ...many]),
      'GET /api/reservations/counts': countsOf([...reservationsSample(), ...many]),
    });
    renderApp('/admin/dashboard');
    await waitFor(() =>
      expect(region('Pending reservations')).toHaveTextContent('124reservations waiting'),
    );
    await within(region('Next stays')).findByRole('table');
    expect(stayRows()).toHaveLength(5);
    const asked = callsTo(fetchMock, 'GET /api/reservations').map((r) =>
      Object.fromEntries(new URL(r.url, 'http://localhost').searchParams),
    );
    expect(asked).toEqual([{ status: 'pending,approved', from: TODAY, limit: '5' }]);
    expect(callsTo(fetchMock, 'GET /api/reservations/counts')).toHaveLength(1);
  });

  it('uses the singular and says so when no stay is coming', async () => {
    const few = reservationsSample().filter((r) => r.id === 2 || r.id === 6);
    await renderDashboard({
      'GET /api/users/pending': { body: pendingSample().slice(0, 1) },
      'GET /api/reservations': listOf(few),
      'GET /api/reservations/counts': countsOf(few),
    });
    await waitFor(() =>
      expect(region('Pending registrations')).toHaveTextContent('1registration waiting'),
    );
    expect(region('Pending reservations')).toHaveTextContent('0reservations waiting');
    expect(
      within(region('Next stays')).getByText('No pending or approved stays from today on.'),
    ).toBeInTheDocument();
  });

  it('shows the load failure texts in the cards', async () => {
    await renderDashboard({
      'GET /api/users/pending': { status: 500, body: { message: 'Something went wrong.' } },
      'GET /api/reservations': { status: 500 },
      'GET /api/reservations/counts': { status: 500 },
    });
    expect(
      await within(region('Pending registrations')).findByText(messages.pendingUsersFailed),
    ).toBeInTheDocument();
    expect(
      await within(region('Pending reservations')).findByText(messages.adminReservationsFailed),
    ).toBeInTheDocument();
    expect(
      within(region('Next stays')).getByText(messages.adminReservationsFailed),
    ).toBeInTheDocument();
  });

  it('opens the Pending tab of the reservations from its card', async () => {
    const { router } = await renderDashboard();
    await userEvent.click(await screen.findByRole('link', { name: 'Review pending reservations' }));
    expect(await screen.findByRole('tab', { name: 'Pending (4)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(router.state.location.pathname).toBe('/admin/reservations');
  });

  it('opens the registrations from its card', async () => {
    const { router } = await renderDashboard();
    await userEvent.click(await screen.findByRole('link', { name: 'Review registrations' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/users');
  });
});

describe("admin dashboard: the admin's email address", () => {
  const noEmail = { ...testAdmin, email: null };

  it('shows the address with a link to the Mail screen', async () => {
    await renderDashboard();
    const mail = region('Mail');
    expect(mail).toHaveTextContent(`reaches you at ${testAdmin.email}.`);
    expect(
      within(mail).getByRole('link', { name: 'See the mail the house sends' }),
    ).toHaveAttribute('href', '/admin/mail');
    expect(screen.queryByText(noEmailWarning)).not.toBeInTheDocument();
  });

  it('warns while there is none and sets it with PUT /api/users/me/email', async () => {
    const fetchMock = setup(
      {
        'PUT /api/users/me/email': (req) => {
          const { email } = req.body as { email: string };
          return {
            body: { message: `Your email address is now ${email}.`, user: { ...noEmail, email } },
          };
        },
      },
      noEmail,
    );
    renderApp('/admin/dashboard');
    expect(await screen.findByText(noEmailWarning, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(noEmailWarning).toMatch(/^The house gets no mail: you have no email address\. /);
    expect(screen.queryByRole('region', { name: 'Mail' })).not.toBeInTheDocument();

    const field = screen.getByLabelText(/^Your email address/);
    await userEvent.click(screen.getByRole('button', { name: 'Save email address' }));
    expect(await screen.findByText('Please enter your email address.')).toBeInTheDocument();
    await userEvent.type(field, 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Save email address' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/users/me/email')).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, 'warden@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Save email address' }));
    expect(
      await screen.findByText('Your email address is now warden@example.org.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT /api/users/me/email').map((r) => r.body)).toEqual([
      { email: 'warden@example.org' },
    ]);
    // The cached auth status holds the new address: the warning gives way to the card.
    expect(await screen.findByRole('region', { name: 'Mail' })).toHaveTextContent(
      'reaches you at warden@example.org.',
    );
    expect(screen.queryByText(noEmailWarning)).not.toBeInTheDocument();
  });

  it("shows the server's refusal in the warning", async () => {
    setup(
      {
        'PUT /api/users/me/email': {
          status: 400,
          body: { message: 'Please enter a valid email address.', code: 'validation_failed' },
        },
      },
      noEmail,
    );
    renderApp('/admin/dashboard');
    await userEvent.type(
      await screen.findByLabelText(/^Your email address/, {}, { timeout: 5000 }),
      'warden@example.org',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save email address' }));
    expect(await screen.findByText('Please enter a valid email address.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.getByText(noEmailWarning)).toBeInTheDocument();
  });
});
