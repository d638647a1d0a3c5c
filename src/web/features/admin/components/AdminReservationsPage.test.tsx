import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { findDialog, mockApi, renderApp, testAdmin } from '@/test/utils.js';
import { cardFields, optionTexts, tabTexts } from '@/test/screen-texts.js';
import {
  actionNames,
  ben,
  cardList,
  cardOf,
  cellsOf,
  eventNames,
  fakeServer,
  openTab,
  renderPage,
  reservation,
  rowOf,
  sample,
} from '../../../test/reservations-test-server.js';
import { useIsPhone } from '@/components/useIsPhone.js';

// Wider screens unless a test says otherwise (happy-dom lays nothing out).
vi.mock('@/components/useIsPhone.js', () => ({ useIsPhone: vi.fn(() => false) }));

/** The actions each status allows, in order, as a row and a card both name them. */
const allowedActions = {
  pending: (event: string) => [
    `Approve ${event}`,
    `Reject ${event}`,
    `Cancel ${event}`,
    `Edit ${event}`,
  ],
  /** A stay priced by the day: no final count (a group's stay has one: AdminFinalCount.test.tsx). */
  approved: (event: string) => [`Reject ${event}`, `Cancel ${event}`, `Edit ${event}`],
  /** Rejected or cancelled: only these can be deleted. */
  closed: (event: string) => [`Delete ${event}`, `Edit ${event}`],
};

describe('admin reservations: the list', () => {
  it('shows the title, the tabs with their counts and the active reservations by start', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Reservations' })).toBeInTheDocument();
    expect(tabTexts()).toEqual([
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
    expect(actionNames('Spring retreat')).toEqual(allowedActions.pending('Spring retreat'));
    expect(actionNames('Summer camp')).toEqual(allowedActions.approved('Summer camp'));
    await openTab(/^Rejected/);
    expect(actionNames('Choir days')).toEqual(allowedActions.closed('Choir days'));
    await openTab(/^Cancelled/);
    expect(actionNames('Elders meeting')).toEqual(allowedActions.closed('Elders meeting'));
    await openTab(/^Pending/);
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('shows the member, the church, the price and the payment state', async () => {
    await renderPage([
      ...sample(),
      reservation(6, 'Autumn days', 'approved', '2028-09-01', '2028-09-02', ben, {
        paymentStatus: 'paid',
        paidCents: 30000,
        refundedCents: 10000,
      }),
    ]);
    const member = cellsOf('Spring retreat')[1]!;
    expect([...member.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'anna',
      'anna@example.org',
    ]);
    expect(cellsOf('Spring retreat')[2]).toHaveTextContent(/^Grace Church$/);
    // The status, then the price and the payment state under it.
    const status = (eventName: string) => cellsOf(eventName)[3]!;
    expect(status('Spring retreat')).toHaveTextContent(/^pending\$450\.00Unpaid$/);
    expect(status('Youth weekend')).toHaveTextContent(/^pending\$150\.00Unpaid$/);
    expect(within(rowOf('Youth weekend')).getByText('Hope Chapel')).toBeInTheDocument();
    expect(status('Summer camp')).toHaveTextContent(/^approved\$450\.00Paid \$450\.00$/);
    expect(status('Autumn days')).toHaveTextContent(
      /^approved\$300\.00Paid \$300\.00Refunded \$100\.00$/,
    );
  });

  it('fits five columns: event with its dates, member, church, status with payment, and the actions', async () => {
    await renderPage();
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual([
      'Event and dates',
      'Member',
      'Church',
      'Status and payment',
      'Actions',
    ]);
    for (const header of headers) expect(header).toHaveAttribute('scope', 'col');
    for (const eventName of ['Spring retreat', 'Youth weekend', 'Summer camp']) {
      const cells = cellsOf(eventName);
      expect(cells).toHaveLength(5);
      // Every action of the row is in its last cell.
      expect(within(cells[4]!).getAllByRole('button')).toHaveLength(actionNames(eventName).length);
      expect(within(cells[0]!).queryAllByRole('button')).toHaveLength(0);
    }
    // Each date stays on one line, under the event.
    const dates = cellsOf('Spring retreat')[0]!.querySelectorAll('time');
    expect([...dates].map((t) => t.getAttribute('datetime'))).toEqual(['2028-03-05', '2028-03-07']);
    for (const date of dates) expect(date).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('lets emails wrap only after "@" and ".", and keeps long names whole in a title', async () => {
    const church = 'The Evangelical Lutheran Church of the Good Shepherd in the Upper Valley';
    const maria = {
      id: 13,
      username: 'maria',
      email: 'maria.del.carmen@parish-office.example.org',
      church,
    };
    const eventName = 'A very long retreat name that needs more than two lines in its column';
    await renderPage([reservation(7, eventName, 'pending', '2028-08-01', '2028-08-03', maria)]);
    const [event, member, church_] = cellsOf(eventName);
    const email = within(member!).getByText('maria.del.carmen@parish-office.example.org');
    expect(email.innerHTML).toBe(
      'maria.<wbr>del.<wbr>carmen@<wbr>parish-office.<wbr>example.<wbr>org',
    );
    expect(within(church_!).getByText(church)).toHaveAttribute('title', church);
    expect(within(event!).getByText(eventName)).toHaveAttribute('title', eventName);
    await userEvent.click(screen.getByRole('button', { name: `Edit ${eventName}` }));
    const dialog = await findDialog('Edit reservation details');
    expect(within(dialog).getByLabelText(/^Event Name/)).toHaveValue(eventName);
  });

  it('shows the load failure text', async () => {
    mockApi(
      {
        'GET /api/reservations': {
          status: 500,
          body: { message: 'Something went wrong on our side.' },
        },
      },
      { user: testAdmin },
    );
    renderApp('/admin/reservations');
    expect(await screen.findByText(messages.adminReservationsFailed)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('filters by user, with the counts of that user', async () => {
    const { router } = await renderPage();
    const select = screen.getByLabelText('Filter by user');
    expect(select).toHaveValue('');
    expect(optionTexts(select)).toEqual(['All users', 'anna', 'ben']);
    await userEvent.selectOptions(select, 'ben');
    expect(eventNames()).toEqual(['Youth weekend']);
    expect(tabTexts()).toEqual([
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

describe('admin reservations on a phone', () => {
  beforeEach(() => vi.mocked(useIsPhone).mockReturnValue(true));
  afterEach(() => vi.mocked(useIsPhone).mockReturnValue(false));

  it('shows one card per reservation with every field and action, and no table', async () => {
    const autumn = reservation(6, 'Autumn days', 'approved', '2028-09-01', '2028-09-02', ben, {
      paymentStatus: 'paid',
      paidCents: 30000,
      refundedCents: 10000,
    });
    await renderPage([...sample(), autumn], {}, true);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(cardList()).getAllByRole('listitem');
    expect(cardList()).toHaveAccessibleName('All Active reservations, by start date');
    expect(cards.map((card) => card.querySelector('p')!.textContent)).toEqual([
      'Spring retreat',
      'Youth weekend',
      'Summer camp',
      'Autumn days',
    ]);
    const spring = cardOf('Spring retreat');
    expect(within(spring).getByText('About Spring retreat')).toBeInTheDocument();
    expect(cardFields(spring)).toEqual({
      Dates: '2028-03-05 to 2028-03-073 days',
      Member: 'annaanna@example.org',
      Church: 'Grace Church',
      Status: 'pending',
      Payment: '$450.00Unpaid',
    });
    expect(cardFields(cardOf('Autumn days'))).toMatchObject({
      Member: 'ben',
      Church: 'Hope Chapel',
      Payment: '$300.00Paid $300.00Refunded $100.00',
    });
    const buttons = (eventName: string) =>
      within(cardOf(eventName))
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label'));
    expect(buttons('Spring retreat')).toEqual(allowedActions.pending('Spring retreat'));
    expect(buttons('Summer camp')).toEqual(allowedActions.approved('Summer camp'));

    await openTab(/^Rejected/);
    expect(cardList()).toHaveAccessibleName('Rejected reservations, by start date');
    expect(cardFields(cardOf('Choir days')).Status).toBe(
      'rejectedRejection reason: Too many guests',
    );
    expect(buttons('Choir days')).toEqual(allowedActions.closed('Choir days'));
  });

  it('acts from a card as from a row', async () => {
    await renderPage(sample(), {}, true);
    await userEvent.click(screen.getByRole('button', { name: 'Approve Spring retreat' }));
    expect(await screen.findByText('Approved "Spring retreat".')).toBeInTheDocument();
    await waitFor(() => expect(cardFields(cardOf('Spring retreat')).Status).toBe('approved'));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
