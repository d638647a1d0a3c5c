/**
 * Payment history: each refund under its payment with its reason and credit
 * note, and the entries of a reservation that was deleted.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DocumentInfo } from '../../../../shared/schemas/documents.js';
import { callsTo, fakeTab } from '@/test/utils.js';
import {
  chargeOf,
  openPage,
  paymentsServer,
  receiptOf,
  refundOf,
  refundedSpringRetreat,
  reservation,
} from '../payments.testing.js';

describe('Payment history: refunds', () => {
  function refundedState() {
    const r = refundedSpringRetreat();
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
