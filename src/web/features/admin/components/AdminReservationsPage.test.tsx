import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { authStatus, mockApi, renderApp, testAdmin } from '../../../test/utils.js';
import {
  actionNames,
  ben,
  eventNames,
  fakeServer,
  openTab,
  renderPage,
  reservation,
  rowOf,
  sample,
} from './reservationsTestServer.js';

describe('admin reservations: the list', () => {
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
    expect(within(spring).getByText('Unpaid')).toBeInTheDocument();
    expect(within(rowOf('Youth weekend')).getByText('1 day')).toBeInTheDocument();
    expect(within(rowOf('Summer camp')).getByText('Paid $450.00')).toBeInTheDocument();
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

  it('shows the church under the member, the price and the payment state', async () => {
    await renderPage([
      ...sample(),
      reservation(6, 'Autumn days', 'approved', '2028-09-01', '2028-09-02', ben, {
        paymentStatus: 'paid',
        paidCents: 30000,
        refundedCents: 10000,
      }),
    ]);
    const spring = rowOf('Spring retreat');
    const member = within(spring).getAllByRole('cell')[1]!;
    expect([...member.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'anna',
      'Grace Church',
      'anna@example.org',
    ]);
    const payment = (eventName: string) => within(rowOf(eventName)).getAllByRole('cell')[4]!;
    expect(payment('Spring retreat')).toHaveTextContent(/^\$450\.00Unpaid$/);
    expect(payment('Youth weekend')).toHaveTextContent(/^\$150\.00Unpaid$/);
    expect(within(rowOf('Youth weekend')).getByText('Hope Chapel')).toBeInTheDocument();
    expect(payment('Summer camp')).toHaveTextContent(/^\$450\.00Paid \$450\.00$/);
    expect(payment('Autumn days')).toHaveTextContent(/^\$300\.00Paid \$300\.00Refunded \$100\.00$/);
    expect(screen.getByRole('columnheader', { name: 'Member' })).toHaveAttribute('scope', 'col');
    expect(screen.getByRole('columnheader', { name: 'Payment' })).toHaveAttribute('scope', 'col');
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
