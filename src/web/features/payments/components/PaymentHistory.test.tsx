import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import type { DocumentInfo } from '../../../../shared/schemas/documents.js';
import { atPhoneWidth, callsTo, fakeTab } from '@/test/utils.js';
import {
  chargeOf,
  openPage,
  paymentsServer,
  receiptOf,
  refundOf,
  reservation,
} from '../testing.js';

describe('Payment history', () => {
  function paidState() {
    const withReceipt = reservation('2031-01-10', '2031-01-11', {
      eventName: 'Winter retreat',
      status: 'approved',
      paymentStatus: 'paid',
    });
    const processing = reservation('2031-02-10', '2031-02-10', {
      eventName: 'Board day',
      status: 'approved',
      paymentStatus: 'paid',
    });
    return {
      withReceipt,
      processing,
      state: {
        reservations: [processing, withReceipt],
        // The first charge names its receipt; the second has none written yet.
        payments: [chargeOf(withReceipt, 30000, { documentId: 77 }), chargeOf(processing, 15000)],
        documents: [receiptOf(withReceipt, 77)],
      },
    };
  }

  it('lists the payments by reservation with amount, date and a receipt button or processing text', async () => {
    const { state } = paidState();
    paymentsServer(state);
    await openPage();
    expect(screen.getByText('You have no pending payments.')).toBeInTheDocument();
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Event', 'Dates', 'Transaction', 'Amount', 'Date', 'Document']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Winter retreat',
      'Board day',
    ]);
    expect(rows[0]).toHaveTextContent('2031-01-10 to 2031-01-11');
    expect(rows[0]).toHaveTextContent('Payment');
    expect(rows[0]).toHaveTextContent('$300.00');
    expect(rows[0]).toHaveTextContent('Feb 1, 2031');
    expect(
      within(rows[0]!).getByRole('button', { name: 'View Receipt for Winter retreat' }),
    ).toHaveTextContent('View Receipt');
    expect(rows[1]).toHaveTextContent('2031-02-10');
    expect(rows[1]).toHaveTextContent('$150.00');
    expect(within(rows[1]!).getByText('Receipt processing...')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('opens the receipt in a tab opened at once and sent to the inline link', async () => {
    const { state } = paidState();
    const { fetchMock } = paymentsServer(state, {
      'GET /api/documents/77/download': {
        body: {
          downloadUrl: '/api/documents/77/file?exp=1&disposition=inline&sig=x',
          fileName: 'r.pdf',
        },
      },
    });
    await openPage();
    const { tab, open } = fakeTab();
    await userEvent.click(screen.getByRole('button', { name: 'View Receipt for Winter retreat' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    await waitFor(() =>
      expect(tab.location.href).toBe('/api/documents/77/file?exp=1&disposition=inline&sig=x'),
    );
    const [call] = callsTo(fetchMock, 'GET /api/documents/77/download');
    expect(new URL(call!.url, 'http://localhost').searchParams.get('disposition')).toBe('inline');
    expect(tab.close).not.toHaveBeenCalled();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('shows the receipt errors and closes the tab', async () => {
    const { state } = paidState();
    let reply = { status: 404, body: { message: 'Document not found.' } };
    paymentsServer(state, { 'GET /api/documents/77/download': () => reply });
    await openPage();
    const { tab } = fakeTab();
    const button = screen.getByRole('button', { name: 'View Receipt for Winter retreat' });
    await userEvent.click(button);
    expect(await screen.findByText(messages.receiptNotFound)).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalledTimes(1);

    reply = { status: 500, body: undefined as unknown as { message: string } };
    await userEvent.click(button);
    expect(await screen.findByText(messages.receiptDownloadFailed)).toBeInTheDocument();
    expect(screen.queryByText(messages.receiptNotFound)).not.toBeInTheDocument();
    expect(tab.close).toHaveBeenCalledTimes(2);
  });
});

describe('Payment history: refunds', () => {
  function refundedState() {
    const r = reservation('2031-04-10', '2031-04-11', {
      eventName: 'Spring retreat',
      status: 'cancelled',
      paymentStatus: 'paid',
      paidCents: 30000,
      refundedCents: 15000,
    });
    const creditNote: DocumentInfo = {
      ...receiptOf(r, 88),
      kind: 'credit_note',
      fileName: `credit-note-${r.id}.pdf`,
      description: `Refund credit note for "Spring retreat" - Reservation ID: ${r.id}`,
    };
    return {
      reservations: [r],
      payments: [
        refundOf(r, 15000, {
          documentId: 88,
          reason: 'Cancelled 20 days before arrival: 50% refunded.',
        }),
        chargeOf(r, 30000, { documentId: 77 }),
      ],
      documents: [receiptOf(r, 77), creditNote],
    };
  }

  it('lists each refund under its payment with amount, date, reason and View Credit Note', async () => {
    paymentsServer(refundedState());
    await openPage();
    const table = screen.getByRole('table');
    const [, payment, refund] = within(table).getAllByRole('row');
    expect(
      within(payment!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2031-04-10 to 2031-04-11', 'Payment', '$300.00', 'Feb 1, 2031', 'View Receipt']);
    expect(
      within(refund!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'RefundCancelled 20 days before arrival: 50% refunded.',
      '$150.00',
      'Mar 1, 2031',
      'View Credit Note',
    ]);
    expect(
      within(refund!).getByRole('button', {
        name: 'View Credit Note for Spring retreat, Mar 1, 2031',
      }),
    ).toHaveTextContent('View Credit Note');
    // The reservation heads its payment and its refund.
    const event = within(payment!).getByRole('rowheader', { name: 'Spring retreat' });
    expect(event).toHaveAttribute('rowspan', '2');
    expect(event).toHaveAttribute('scope', 'rowgroup');
    expect(within(refund!).queryByRole('rowheader')).not.toBeInTheDocument();
  });

  it('opens the credit note like a receipt: an inline link in a new tab', async () => {
    const { fetchMock } = paymentsServer(refundedState(), {
      'GET /api/documents/88/download': {
        body: {
          downloadUrl: '/api/documents/88/file?exp=1&disposition=inline&sig=y',
          fileName: 'c.pdf',
        },
      },
    });
    await openPage();
    const { tab, open } = fakeTab();
    await userEvent.click(screen.getByRole('button', { name: /^View Credit Note for Spring/ }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() =>
      expect(tab.location.href).toBe('/api/documents/88/file?exp=1&disposition=inline&sig=y'),
    );
    const [call] = callsTo(fetchMock, 'GET /api/documents/88/download');
    expect(new URL(call!.url, 'http://localhost').searchParams.get('disposition')).toBe('inline');
  });

  it('names the credit note when it cannot be opened', async () => {
    paymentsServer(refundedState(), {
      'GET /api/documents/88/download': { status: 404, body: { message: 'Document not found.' } },
    });
    await openPage();
    const { tab } = fakeTab();
    await userEvent.click(screen.getByRole('button', { name: /^View Credit Note for Spring/ }));
    expect(await screen.findByText('Credit note document not found.')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalledTimes(1);
  });

  it('still shows the entries of a deleted reservation, from the entries themselves', async () => {
    const gone = reservation('2030-11-02', '2030-11-03', { eventName: 'Autumn camp' });
    paymentsServer({
      reservations: [],
      payments: [
        chargeOf(gone, 30000, { reservationId: null, documentId: 61 }),
        refundOf(gone, 30000, { reservationId: null, reason: 'Rejected: house closed.' }),
      ],
      documents: [],
    });
    await openPage();
    const [, payment, refund] = within(screen.getByRole('table')).getAllByRole('row');
    expect(payment).toHaveTextContent('Autumn camp');
    expect(payment).toHaveTextContent('2030-11-02 to 2030-11-03');
    expect(
      within(payment!).getByRole('button', { name: 'View Receipt for Autumn camp' }),
    ).toBeInTheDocument();
    expect(refund).toHaveTextContent('Rejected: house closed.');
    expect(refund).toHaveTextContent('$300.00');
    // Its credit note is not written yet.
    expect(within(refund!).getByText('Credit note processing...')).toBeInTheDocument();
  });
});

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
    const paid = reservation('2031-01-10', '2031-01-11', {
      eventName: 'Winter retreat',
      status: 'approved',
      paymentStatus: 'paid',
    });
    const refunded = reservation('2031-04-10', '2031-04-11', {
      eventName: 'Spring retreat',
      status: 'cancelled',
      paymentStatus: 'paid',
      paidCents: 30000,
      refundedCents: 15000,
    });
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
