/**
 * Payment history: the payments by reservation with their amounts and dates,
 * and each receipt opened in a new tab, or its failure.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { callsTo, fakeTab } from '@/test/utils.js';
import {
  chargeOf,
  openPage,
  paidWinterRetreat,
  paymentsServer,
  receiptOf,
  reservation,
} from '../payments.testing.js';

describe('Payment history', () => {
  function paidState() {
    const withReceipt = paidWinterRetreat();
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
