/**
 * Payment history on a phone: a card per reservation with its payments and
 * refunds, and the table again on a wider screen.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { atPhoneWidth, fakeTab } from '@/test/utils.js';
import {
  chargeOf,
  openPage,
  paidWinterRetreat,
  paymentsServer,
  receiptOf,
  refundOf,
  refundedSpringRetreat,
} from '../payments.testing.js';

/** The fields of a `<dl>`: each label (dt) with its value (dd). */
const fieldsOf = (dl: Element) =>
  Object.fromEntries(
    [...dl.querySelectorAll(':scope > dt')].map((term) => [
      term.textContent,
      term.nextElementSibling!.textContent,
    ]),
  );

describe('Payment history on a phone', () => {
  function state() {
    const paid = paidWinterRetreat();
    const refunded = refundedSpringRetreat();
    return {
      reservations: [paid, refunded],
      payments: [
        chargeOf(paid, 30000, { documentId: 77 }),
        chargeOf(refunded, 30000),
        refundOf(refunded, 15000, { documentId: 88, reason: 'Cancelled: 50% refunded.' }),
      ],
      documents: [receiptOf(paid, 77)],
    };
  }

  it('shows a card per reservation with every amount, date and button, and no table', async () => {
    atPhoneWidth();
    paymentsServer(state());
    await openPage();
    const list = await screen.findByRole('list', { name: 'Payment History' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = [...list.children] as HTMLElement[];
    expect(cards.map((c) => c.tagName)).toEqual(['LI', 'LI']);

    const [winter, spring] = cards;
    expect(fieldsOf(winter!.querySelector(':scope > dl')!)).toEqual({
      Event: 'Winter retreat',
      Dates: '2031-01-10 to 2031-01-11',
    });
    // A date never breaks inside: each one is kept on one line.
    expect(within(winter!).getByText('2031-01-10')).toHaveStyle({ whiteSpace: 'nowrap' });
    const winterEntries = within(
      within(winter!).getByRole('list', { name: 'Transactions for Winter retreat' }),
    ).getAllByRole('listitem');
    expect(winterEntries.map((e) => fieldsOf(e.querySelector('dl')!))).toEqual([
      {
        Transaction: 'Payment',
        Amount: '$300.00',
        Date: 'Feb 1, 2031',
        Document: 'View Receipt',
      },
    ]);
    expect(
      within(winter!).getByRole('button', { name: 'View Receipt for Winter retreat' }),
    ).toHaveTextContent('View Receipt');

    const springEntries = within(
      within(spring!).getByRole('list', { name: 'Transactions for Spring retreat' }),
    ).getAllByRole('listitem');
    expect(springEntries.map((e) => fieldsOf(e.querySelector('dl')!))).toEqual([
      {
        Transaction: 'Payment',
        Amount: '$300.00',
        Date: 'Feb 1, 2031',
        Document: 'Receipt processing...',
      },
      {
        Transaction: 'RefundCancelled: 50% refunded.',
        Amount: '$150.00',
        Date: 'Mar 1, 2031',
        Document: 'View Credit Note',
      },
    ]);
    expect(
      within(springEntries[1]!).getByRole('button', {
        name: 'View Credit Note for Spring retreat, Mar 1, 2031',
      }),
    ).toBeInTheDocument();
  });

  it('opens the receipt from its card', async () => {
    atPhoneWidth();
    paymentsServer(state(), {
      'GET /api/documents/77/download': {
        body: {
          downloadUrl: '/api/documents/77/file?exp=1&disposition=inline&sig=x',
          fileName: 'r.pdf',
        },
      },
    });
    await openPage();
    const { tab } = fakeTab();
    await userEvent.click(
      await screen.findByRole('button', { name: 'View Receipt for Winter retreat' }),
    );
    await waitFor(() =>
      expect(tab.location.href).toBe('/api/documents/77/file?exp=1&disposition=inline&sig=x'),
    );
  });

  it('is the table, with the dates on one line, on a wider screen', async () => {
    paymentsServer(state());
    await openPage();
    expect(screen.queryByRole('list', { name: 'Payment History' })).not.toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Event', 'Dates', 'Transaction', 'Amount', 'Date', 'Document']);
    expect(within(table).getByText('2031-01-10 to 2031-01-11')).toHaveStyle({
      whiteSpace: 'nowrap',
    });
  });
});
