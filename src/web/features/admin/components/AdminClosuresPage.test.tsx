import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminClosure } from '../../../../shared/schemas/closures.js';
import {
  callsTo,
  facilityInfo,
  type FakeRoutes,
  findDialog,
  mockApi,
  renderApp,
  testAdmin,
} from '@/test/utils.js';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2027-03-05T15:00:00.000Z'), toFake: ['Date'] });
});

const roof: AdminClosure = {
  id: 1,
  startDate: '2027-04-10',
  endDate: '2027-04-12',
  label: 'Maintenance',
  reason: 'Roof repairs',
  publicLabel: 'Maintenance',
  createdBy: 'admin',
};

function closuresServer(extra: FakeRoutes = {}) {
  const list: AdminClosure[] = [roof];
  const fetchMock = mockApi(
    {
      'GET /api/facility/info': facilityInfo('America/Chicago'),
      'GET /api/closures/all': () => ({ body: list }),
      'POST /api/closures': (req) => {
        const body = req.body as { startDate: string; endDate: string; reason: string };
        const made = { ...roof, ...body, id: 2, label: 'Closed', publicLabel: null };
        list.unshift(made);
        return { status: 201, body: made };
      },
      'DELETE /api/closures/1': () => {
        list.splice(list.indexOf(roof), 1);
        return { body: { message: 'Closure removed.' } };
      },
      ...extra,
    },
    { user: testAdmin },
  );
  return { fetchMock, list };
}

async function openPage() {
  renderApp('/admin/closures');
  await screen.findByRole('heading', { level: 1, name: 'Closed days' }, { timeout: 5000 });
}

const closuresList = () => screen.getByRole('list', { name: 'Current and coming closures' });

/** Fills the form to close days (the reason when given) and sends it. */
async function closeDays(first: string, last: string, reason?: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^First closed day/), first);
  await user.type(screen.getByLabelText(/^Last closed day/), last);
  if (reason !== undefined) await user.type(screen.getByLabelText(/^Reason/), reason);
  await user.click(screen.getByRole('button', { name: 'Close these days' }));
}

describe('admin closed days', () => {
  it('is linked from the admin navigation and lists closures with label, reason and author', async () => {
    closuresServer();
    await openPage();
    const nav = screen.getByRole('navigation', { name: 'Administration' });
    expect(within(nav).getByRole('link', { name: 'Closed days' })).toHaveAttribute(
      'href',
      '/admin/closures',
    );
    const list = await screen.findByRole('list', { name: 'Current and coming closures' });
    const card = within(list).getByRole('listitem', {
      name: 'Closed Saturday, April 10, 2027 to Monday, April 12, 2027',
    });
    expect(card).toHaveTextContent('Maintenance');
    expect(card).toHaveTextContent('Roof repairs');
    expect(card).toHaveTextContent('admin');
  });

  it('checks the fields with the shared schema before sending', async () => {
    const { fetchMock } = closuresServer();
    await openPage();
    await closeDays('2027-04-20', '2027-04-18');
    expect(
      await screen.findByText('The last closed day cannot be before the first.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Give the reason (for the staff).')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/closures')).toHaveLength(0);
  });

  it('closes days, empties the form and focuses the new closure', async () => {
    const { fetchMock } = closuresServer();
    await openPage();
    await closeDays('2027-05-01', '2027-05-02', '  Painting ');
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/closures')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /api/closures')[0]!.body).toEqual({
      startDate: '2027-05-01',
      endDate: '2027-05-02',
      reason: 'Painting',
      publicLabel: null,
    });
    const card = await within(closuresList()).findByRole('listitem', {
      name: 'Closed Saturday, May 1, 2027 to Sunday, May 2, 2027',
    });
    await waitFor(() => expect(card).toHaveFocus());
    expect(screen.getByLabelText(/^Reason/)).toHaveValue('');
  });

  it('names the reservations in the way when the days are held', async () => {
    closuresServer({
      'POST /api/closures': {
        status: 409,
        body: {
          message:
            'These days cannot be closed: reservations hold some of them: "Youth retreat" (2027-05-01 to 2027-05-03). Cancel or move those reservations first.',
          code: 'closure_over_reservations',
          reservations: [
            {
              id: 7,
              eventName: 'Youth retreat',
              startDate: '2027-05-01',
              endDate: '2027-05-03',
              status: 'approved',
              accountName: 'Grace Church',
            },
          ],
        },
      },
    });
    await openPage();
    await closeDays('2027-05-01', '2027-05-02', 'Painting');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The days could not be closed.');
    expect(
      within(alert).getByText('Youth retreat, Grace Church: 2027-05-01 to 2027-05-03'),
    ).toBeInTheDocument();
    // What was typed stays, to change the dates.
    expect(screen.getByLabelText(/^Reason/)).toHaveValue('Painting');
  });

  it('opens days again after a confirmation', async () => {
    const { fetchMock } = closuresServer();
    await openPage();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', {
        name: 'Open Saturday, April 10, 2027 to Monday, April 12, 2027 again',
      }),
    );
    const dialog = await findDialog('Open these days again');
    await user.click(within(dialog).getByRole('button', { name: 'Open again' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE /api/closures/1')).toHaveLength(1));
    expect(await screen.findByText('No days are closed.')).toBeInTheDocument();
  });
});
