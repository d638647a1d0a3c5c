import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RefundInfo } from '../../../../shared/schemas/payments.js';
import { callsTo, facilityInfo, mockApi, region, renderApp, testAdmin } from '@/test/utils.js';

const failed = (id: number, extra: Partial<RefundInfo> = {}): RefundInfo => ({
  id,
  status: 'failed',
  amountCents: 22500,
  currency: 'USD',
  provider: 'stripe',
  reason: 'Reservation cancelled by the house: full refund.',
  lastError: 'The payment provider refused the refund (HTTP 400, charge_expired_for_refund).',
  attempts: 1,
  reservationId: 40 + id,
  reservationExists: true,
  eventName: 'Youth weekend',
  firstDay: '2028-05-10',
  accountId: 3,
  accountName: 'Église Saint-Éloi',
  createdAt: '2028-03-01T09:00:00.000Z',
  completedAt: '2028-03-01T09:00:01.000Z',
  ...extra,
});

function dashboard(refunds: RefundInfo[]) {
  const state = { refunds };
  const fetchMock = mockApi(
    {
      'GET /api/facility/info': facilityInfo('UTC'),
      'GET /api/users/pending': { body: [] },
      'GET /api/reservations': { body: [] },
      'GET /api/reservations/counts': {
        body: { pending: 0, approved: 0, rejected: 0, cancelled: 0 },
      },
      'GET /api/admin/refunds': () => ({ body: state.refunds }),
      'POST /api/admin/refunds/1/retry': () => {
        state.refunds = state.refunds.filter((r) => r.id !== 1);
        return { status: 202, body: { message: 'The refund was asked for again.' } };
      },
    },
    { user: testAdmin },
  );
  renderApp('/admin/dashboard');
  return fetchMock;
}

describe('the dashboard’s failed refunds', () => {
  it('lists each with whom, what for and what went wrong, and tries one again', async () => {
    const fetchMock = dashboard([
      failed(1),
      failed(2, {
        accountId: null,
        accountName: null,
        reservationExists: false,
        eventName: null,
        firstDay: null,
      }),
    ]);
    const card = await screen.findByRole(
      'region',
      { name: 'Refunds that need you' },
      { timeout: 5000 },
    );
    const items = within(within(card).getByRole('list', { name: 'Failed refunds' })).getAllByRole(
      'listitem',
    );
    expect(items[0]).toHaveTextContent('$225.00 to Église Saint-Éloi');
    expect(items[0]).toHaveTextContent('Reservation #41, "Youth weekend" from');
    expect(items[0]).toHaveTextContent('charge_expired_for_refund');
    expect(items[1]).toHaveTextContent('$225.00 to a member of no church');
    expect(items[1]).toHaveTextContent('Reservation #42 (deleted); paid through stripe.');

    await userEvent.click(
      within(items[0]!).getByRole('button', {
        name: 'Try again: the refund of $225.00 to Église Saint-Éloi',
      }),
    );
    expect(await screen.findByText('The refund was asked for again.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/admin/refunds/1/retry')).toHaveLength(1);
    await within(region('Refunds that need you')).findByText(/This refund could not be made/);
  });

  it('is not shown while no refund failed', async () => {
    dashboard([]);
    await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, { timeout: 5000 });
    await screen.findByRole('region', { name: 'Pending reservations' });
    expect(screen.queryByRole('region', { name: 'Refunds that need you' })).not.toBeInTheDocument();
  });
});
