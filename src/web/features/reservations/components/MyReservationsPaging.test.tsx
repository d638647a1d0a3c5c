import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../../../shared/dates.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import { callsTo, renderApp } from '@/test/utils.js';
import {
  NOW,
  days,
  findDay,
  reservation,
  reservationServer,
  waitForList,
} from '../reservations.testing.js';

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

/** `count` one-day pending stays, one a day from 10 March 2027: "Stay 1", "Stay 2"… */
const stays = (count: number, status: Reservation['status'] = 'pending') =>
  Array.from({ length: count }, (_, i) => {
    const day = addDays('2027-03-10', i);
    return reservation({ ...days(day, day), eventName: `Stay ${i + 1}`, status });
  });

/** The event names of the table's reservation rows (not their details). */
const rowNames = () =>
  [...screen.getByRole('table').querySelectorAll('tr[id^="reservation-"]')].map(
    (r) => r.querySelector('td')!.textContent,
  );

const pager = () => screen.getByRole('navigation', { name: 'Reservation pages' });
const pagerButton = (name: 'Previous' | 'Next') => within(pager()).getByRole('button', { name });

/** The query of each list request: its tab's statuses and its page. */
const listAsked = (fetchMock: ReturnType<typeof reservationServer>['fetchMock']) =>
  callsTo(fetchMock, 'GET /api/reservations/my-reservations').map((c) =>
    Object.fromEntries(new URL(c.url, 'http://localhost').searchParams),
  );

async function open(entry = '/account/reservations') {
  const view = renderApp(entry);
  await findDay(/^Friday, March 5, 2027, today/);
  await waitForList();
  await screen.findByRole('table');
  return view;
}

describe('My Reservations: pages', () => {
  it('shows 50 a page with the Pager, keeps the page in the address and asks for 51', async () => {
    const { fetchMock } = reservationServer({ mine: stays(120) });
    const { router } = await open();
    expect(rowNames()).toHaveLength(50);
    expect(rowNames()[0]).toBe('Stay 1');
    expect(within(pager()).getByText('Page 1')).toBeInTheDocument();
    expect(pagerButton('Previous')).toBeDisabled();
    expect(listAsked(fetchMock)).toEqual([
      { status: 'pending,approved', limit: '51', offset: '0' },
    ]);

    await userEvent.click(pagerButton('Next'));
    await waitFor(() => expect(rowNames()[0]).toBe('Stay 51'));
    expect(router.state.location.search).toBe('?page=2');
    expect(within(pager()).getByText('Page 2')).toBeInTheDocument();

    await userEvent.click(pagerButton('Next'));
    await waitFor(() => expect(rowNames()[0]).toBe('Stay 101'));
    expect(rowNames()).toHaveLength(20);
    expect(router.state.location.search).toBe('?page=3');
    expect(pagerButton('Next')).toBeDisabled();
    expect(listAsked(fetchMock).at(-1)).toEqual({
      status: 'pending,approved',
      limit: '51',
      offset: '100',
    });

    await userEvent.click(pagerButton('Previous'));
    await waitFor(() => expect(rowNames()[0]).toBe('Stay 51'));
    expect(router.state.location.search).toBe('?page=2');
  });

  it('opens the page of the address, and a new tab goes back to the first page', async () => {
    const { fetchMock } = reservationServer({ mine: [...stays(60), ...stays(3, 'cancelled')] });
    const { router } = await open('/account/reservations?page=2');
    expect(rowNames()).toEqual(Array.from({ length: 10 }, (_, i) => `Stay ${51 + i}`));
    expect(within(pager()).getByText('Page 2')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Cancelled (3)' }));
    await waitFor(() => expect(rowNames()).toEqual(['Stay 1', 'Stay 2', 'Stay 3']));
    expect(router.state.location.search).toBe('?tab=cancelled');
    // One page only: no Pager.
    expect(screen.queryByRole('navigation', { name: 'Reservation pages' })).not.toBeInTheDocument();
    expect(listAsked(fetchMock).at(-1)).toEqual({ status: 'cancelled', limit: '51', offset: '0' });
  });

  it("counts the tabs from the server's counts, not from the loaded page", async () => {
    const { fetchMock } = reservationServer({
      mine: [...stays(70), ...stays(2, 'approved')],
      extra: {
        'GET /api/reservations/my-reservations/counts': {
          body: { pending: 70, approved: 2, rejected: 4, cancelled: 9 },
        },
      },
    });
    await open();
    expect(rowNames()).toHaveLength(50);
    expect(screen.getByRole('tab', { name: 'All (72)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Pending (70)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Approved (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Rejected (4)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cancelled (9)' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/reservations/my-reservations/counts')).toHaveLength(1);
  });

  it('a click on a day of a reservation on another page shows its details with this page', async () => {
    reservationServer({
      mine: [
        ...stays(60),
        reservation({
          ...days('2027-03-05', '2027-03-06'),
          id: 7,
          eventName: 'Early retreat',
          additionalInfo: 'Bring food',
        }),
      ],
    });
    const { router } = await open('/account/reservations?page=2');
    expect(screen.queryByText('Early retreat')).not.toBeInTheDocument();

    // It is the first of page 1; shown here, where it sorts, with its details open.
    await userEvent.click(await findDay(/^Saturday, March 6, 2027, your reservation, pending/));
    const row = document.getElementById('reservation-7')!;
    expect(row).toHaveTextContent('Early retreat');
    expect(within(row).getByRole('button', { name: 'Hide Details' })).toBeInTheDocument();
    expect(screen.getByText('Bring food')).toBeInTheDocument();
    // Page 2 holds Stay 50 to Stay 60 (the early one is first of all).
    expect(rowNames()).toEqual([
      'Early retreat',
      ...Array.from({ length: 11 }, (_, i) => `Stay ${50 + i}`),
    ]);
    expect(router.state.location.search).toBe('?page=2');
    expect(within(pager()).getByText('Page 2')).toBeInTheDocument();

    // Another page forgets it.
    await userEvent.click(pagerButton('Previous'));
    await waitFor(() => expect(rowNames()[0]).toBe('Early retreat'));
    expect(rowNames()).toHaveLength(50);
    expect(screen.queryByRole('button', { name: 'Hide Details' })).not.toBeInTheDocument();
  });

  it("a click from another tab opens the reservation's tab at its first page", async () => {
    reservationServer({ mine: [...stays(3), ...stays(60, 'cancelled')] });
    const { router } = await open('/account/reservations?tab=cancelled&page=2');
    expect(rowNames()).toHaveLength(10);

    await userEvent.click(await findDay(/^Thursday, March 11, 2027, your reservation, pending/));
    expect(await screen.findByRole('tab', { name: 'All (3)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(rowNames()).toEqual(['Stay 1', 'Stay 2', 'Stay 3']));
    expect(
      within(screen.getByRole('row', { name: /Stay 2/ })).getByRole('button', {
        name: 'Hide Details',
      }),
    ).toBeInTheDocument();
  });

  it('refreshes the page and the counts after a cancellation', async () => {
    const mine = stays(2);
    const first = mine[0]!;
    reservationServer({
      mine,
      extra: {
        [`PATCH /api/reservations/${first.id}/cancel`]: () => {
          Object.assign(first, { status: 'cancelled', cancellationReason: 'user_cancelled' });
          return { body: first };
        },
      },
    });
    await open();
    expect(screen.getByRole('tab', { name: 'Cancelled (0)' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(
      within(screen.getByRole('row', { name: /Stay 1/ })).getByRole('button', {
        name: 'Show Details',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Cancel This Reservation' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel Reservation' }));
    expect(await screen.findByRole('tab', { name: 'Cancelled (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All (1)' })).toBeInTheDocument();
    await waitFor(() => expect(rowNames()).toEqual(['Stay 2']));
  });
});
