import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NOW,
  days,
  openPage,
  reservation,
  reservationServer,
  waitForList,
} from '../reservations.testing.js';
import { atPhoneWidth } from '@/test/utils.js';
import { cardFields, headerTexts } from '@/test/screen-texts.js';

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

const mine = () => [
  reservation({
    ...days('2027-05-01', '2027-05-02'),
    eventName: 'May retreat',
    status: 'approved',
    paymentStatus: 'paid',
    paidCents: 30000,
  }),
  reservation({
    ...days('2027-03-20', '2027-03-20'),
    eventName: 'March day',
    status: 'pending',
    additionalInfo: 'Bring food',
  }),
];

describe('My Reservations list on a phone', () => {
  it('shows each reservation as a card with every field and its button, and no table', async () => {
    atPhoneWidth();
    reservationServer({ mine: mine() });
    await openPage();
    await waitForList();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Your Reservations' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cardFields(cards[0]!)).toEqual({
      'Event Name': 'March day',
      Dates: '2027-03-20Price: $150.00',
      Status: 'pendingUnpaid$150.00 due',
    });
    expect(cardFields(cards[1]!)).toEqual({
      'Event Name': 'May retreat',
      Dates: '2027-05-01 to 2027-05-02Price: $300.00',
      Status: 'approvedPaid$300.00 paid',
    });
    // A date never breaks inside: each one is kept on one line.
    for (const date of ['2027-05-01', '2027-05-02']) {
      expect(within(cards[1]!).getByText(date)).toHaveStyle({ whiteSpace: 'nowrap' });
    }
    for (const card of cards) {
      expect(within(card).getByRole('button', { name: 'Show Details' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    }
  });

  it('opens and closes the details inside the card', async () => {
    atPhoneWidth();
    reservationServer({ mine: mine() });
    await openPage();
    await waitForList();
    const card = screen.getByText('March day').closest('li')!;
    expect(card).toHaveAttribute('id', expect.stringMatching(/^reservation-\d+$/));
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Show Details' }));
    const toggle = within(card).getByRole('button', { name: 'Hide Details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(card).toContainElement(details);
    expect(within(details).getByText('Bring food')).toBeInTheDocument();
    expect(within(details).getByRole('button', { name: 'Edit Details' })).toBeInTheDocument();
    expect(
      within(details).getByRole('button', { name: 'Cancel This Reservation' }),
    ).toBeInTheDocument();
    await user.click(toggle);
    expect(within(card).getByRole('button', { name: 'Show Details' })).toBeInTheDocument();
    expect(within(card).queryByText('Bring food')).not.toBeInTheDocument();
  });
});

describe('My Reservations list on a wider screen', () => {
  it('is the table with the columns of docs/product.md §2, the dates on one line, and no cards', async () => {
    reservationServer({ mine: mine() });
    await openPage();
    await waitForList();
    expect(screen.queryByRole('list', { name: 'Your Reservations' })).not.toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(headerTexts(table)).toEqual(['Event Name', 'Dates', 'Status', 'Action']);
    const row = within(table).getByRole('row', { name: /May retreat/ });
    const dates = within(row).getAllByRole('cell')[1]!;
    expect(dates).toHaveTextContent('2027-05-01 to 2027-05-02');
    expect(dates).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(within(row).getByRole('button', { name: 'Show Details' })).toBeInTheDocument();
  });
});
