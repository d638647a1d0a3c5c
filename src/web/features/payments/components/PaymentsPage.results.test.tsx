/**
 * Payments page: after a payment, from the card form or back from a hosted
 * page, the lists are refetched until the receipt is there; other messages are ignored.
 */
import { notifications } from '@mantine/notifications';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { callsTo, renderApp } from '@/test/utils.js';
import {
  captureEmbedScripts,
  chargeOf,
  fakeSandboxPay,
  openPage,
  panelControl,
  paymentsServer,
  receiptOf,
  reservation,
  startPayment,
} from '../payments.testing.js';

captureEmbedScripts();

/**
 * Watches the page's "payment received" notice: the listener shows it at once,
 * inside the event's dispatch, when it takes a message as a payment, and
 * only then reloads anything. So a message it ignores is known at once.
 */
function watchPaymentNotices() {
  const shown = vi.spyOn(notifications, 'show');
  onTestFinished(() => shown.mockRestore());
  return shown;
}

describe('Payments page', () => {
  it('after a successful payment refetches everything and again after 1 s until the receipt is there', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const a = reservation('2031-03-10', '2031-03-12', { eventName: 'Spring retreat' });
    const { fetchMock, state } = paymentsServer({ reservations: [a] });
    fakeSandboxPay();
    await openPage();
    await startPayment('Spring retreat', /^Pay in full/, user);
    await screen.findByTitle('Card payment for Spring retreat');
    const count = (key: string) => callsTo(fetchMock, key).length;
    const payableAsked = () =>
      callsTo(fetchMock, 'GET /api/reservations/my-reservations').filter((c) =>
        c.url.includes('paymentStatus=unpaid'),
      ).length;
    const before = {
      reservations: payableAsked(),
      payments: count('GET /api/payments'),
      documents: count('GET /api/documents'),
    };

    // The server marked it paid; its receipt is not written yet.
    a.paymentStatus = 'paid';
    state.payments.push(chargeOf(a, 45000));
    act(() => {
      window.dispatchEvent(
        new CustomEvent('sandbox-pay', {
          detail: { source: 'sandbox-pay', status: 'succeeded', reservationId: a.id },
        }),
      );
    });
    expect(await screen.findByText('You have no pending payments.')).toBeInTheDocument();
    expect(await screen.findByText('Payment received. Thank you!')).toBeInTheDocument();
    expect(payableAsked()).toBe(before.reservations + 1);
    expect(count('GET /api/payments')).toBe(before.payments + 1);
    expect(count('GET /api/documents')).toBe(before.documents + 1);
    const row = screen.getByRole('row', { name: /Spring retreat/ });
    expect(within(row).getByText('Receipt processing...')).toBeInTheDocument();

    state.documents.push(receiptOf(a));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(
      await within(row).findByRole('button', { name: 'View Receipt for Spring retreat' }),
    ).toBeInTheDocument();
    expect(count('GET /api/documents')).toBe(before.documents + 2);
    expect(screen.queryByText('Receipt processing...')).not.toBeInTheDocument();

    // Found: no more refetching.
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(count('GET /api/documents')).toBe(before.documents + 2);
  });

  it('also hears the frame itself when the provider script is missing', async () => {
    const a = reservation('2031-03-10', '2031-03-12', { eventName: 'Spring retreat' });
    const { fetchMock, state } = paymentsServer({ reservations: [a] });
    await openPage();
    const shown = watchPaymentNotices();
    const before = callsTo(fetchMock, 'GET /api/reservations/my-reservations').length;
    a.paymentStatus = 'paid';
    state.payments.push(chargeOf(a, 45000));
    state.documents.push(receiptOf(a));
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'https://elsewhere.example',
          data: { source: 'sandbox-pay', status: 'succeeded', reservationId: a.id },
        }),
      );
    });
    // Another origin's message is not taken for a payment.
    expect(shown).not.toHaveBeenCalled();
    await act(async () => {});
    expect(callsTo(fetchMock, 'GET /api/reservations/my-reservations')).toHaveLength(before);
    expect(panelControl('Spring retreat')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { source: 'sandbox-pay', status: 'succeeded', reservationId: a.id },
        }),
      );
    });
    expect(await screen.findByText('You have no pending payments.')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'View Receipt for Spring retreat' }),
    ).toBeInTheDocument();
  });

  it('back from a hosted payment page (?paid=id), looks again until the receipt is there', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const a = reservation('2031-03-10', '2031-03-12', {
      eventName: 'Spring retreat',
      paymentStatus: 'paid',
    });
    const { state } = paymentsServer({ reservations: [a], payments: [chargeOf(a, 45000)] });
    renderApp(`/account/payments?paid=${a.id}`);
    const row = await screen.findByRole('row', { name: /Spring retreat/ });
    expect(within(row).getByText('Receipt processing...')).toBeInTheDocument();
    state.documents.push(receiptOf(a));
    await act(() => vi.advanceTimersByTimeAsync(1100));
    expect(
      await within(row).findByRole('button', { name: 'View Receipt for Spring retreat' }),
    ).toBeInTheDocument();
  });

  it('ignores failed or foreign payment messages', async () => {
    const a = reservation('2031-03-10', '2031-03-12', { eventName: 'Spring retreat' });
    const { fetchMock } = paymentsServer({ reservations: [a] });
    await openPage();
    const shown = watchPaymentNotices();
    const before = callsTo(fetchMock, 'GET /api/reservations/my-reservations').length;
    act(() => {
      window.dispatchEvent(
        new CustomEvent('sandbox-pay', {
          detail: { source: 'sandbox-pay', status: 'failed', reservationId: a.id },
        }),
      );
      window.dispatchEvent(
        new CustomEvent('sandbox-pay', { detail: { source: 'elsewhere', status: 'succeeded' } }),
      );
    });
    expect(shown).not.toHaveBeenCalled();
    await act(async () => {});
    expect(callsTo(fetchMock, 'GET /api/reservations/my-reservations')).toHaveLength(before);
    expect(panelControl('Spring retreat')).toBeInTheDocument();
  });
});
