/**
 * Payments page: pressing a payment button of a panel fetches the checkout and
 * shows the card form, framed through the provider's script or with a
 * fallback, or a hosted payment page.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo } from '@/test/utils.js';
import {
  captureEmbedScripts,
  fakeSandboxPay,
  openPage,
  paymentsServer,
  reservation,
  startPayment,
} from '../payments.testing.js';

const appended = captureEmbedScripts();

describe('Payments page', () => {
  it('fetches the checkout when Pay in full is pressed and frames the card form; the script is added once', async () => {
    const a = reservation('2031-03-10', '2031-03-12', { eventName: 'Spring retreat' });
    const b = reservation('2031-06-10', '2031-06-11', { eventName: 'Summer camp' });
    const { fetchMock } = paymentsServer({ reservations: [a, b] });
    await openPage();
    expect(callsTo(fetchMock, `POST /api/payments/${a.id}/checkout`)).toHaveLength(0);

    await startPayment('Spring retreat');
    const frame = await screen.findByTitle('Card payment for Spring retreat');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute(
      'data-sandbox-pay-src',
      `/pay/sandbox?reservationId=${a.id}&number=3`,
    );
    const [asked] = callsTo(fetchMock, `POST /api/payments/${a.id}/checkout`);
    expect(asked!.body).toEqual({ part: 'balance' });
    expect(callsTo(fetchMock, `POST /api/payments/${a.id}/checkout`)).toHaveLength(1);
    expect(callsTo(fetchMock, `POST /api/payments/${b.id}/checkout`)).toHaveLength(0);

    await startPayment('Summer camp');
    await screen.findByTitle('Card payment for Summer camp');
    expect(appended).toHaveLength(1);
    expect(appended[0]!.dataset.testSrc).toBe('/pay/embed.js');
    expect(document.querySelectorAll('script[data-payment-embed]')).toHaveLength(1);
  });

  it('mounts the frame through the provider script when the payment starts', async () => {
    const a = reservation('2031-03-10', '2031-03-12', { eventName: 'Spring retreat' });
    paymentsServer({ reservations: [a] });
    const mount = fakeSandboxPay();
    await openPage();
    await startPayment('Spring retreat');
    const frame = await screen.findByTitle('Card payment for Spring retreat');
    expect(mount).toHaveBeenCalledWith(frame.parentElement);
    expect(frame).toHaveAttribute('src', `/pay/sandbox?reservationId=${a.id}&number=3`);
  });

  it('mounts the frame once the script has loaded', async () => {
    const a = reservation('2031-03-10', '2031-03-12', { eventName: 'Spring retreat' });
    paymentsServer({ reservations: [a] });
    await openPage();
    await startPayment('Spring retreat');
    const frame = await screen.findByTitle('Card payment for Spring retreat');
    expect(frame).not.toHaveAttribute('src');
    const mount = fakeSandboxPay();
    act(() => {
      appended[0]!.dispatchEvent(new Event('load'));
    });
    await waitFor(() => expect(mount).toHaveBeenCalledWith(frame.parentElement));
    expect(frame).toHaveAttribute('src', `/pay/sandbox?reservationId=${a.id}&number=3`);
  });

  it('sets the frame src itself 1.5 s after the payment started when the script has not', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const a = reservation('2031-03-10', '2031-03-12', { eventName: 'Spring retreat' });
    paymentsServer({ reservations: [a] });
    await openPage();
    await startPayment('Spring retreat', /^Pay in full/, user);
    const frame = await screen.findByTitle('Card payment for Spring retreat');
    expect(frame).not.toHaveAttribute('src');
    await act(() => vi.advanceTimersByTimeAsync(1200));
    expect(frame).not.toHaveAttribute('src');
    await act(() => vi.advanceTimersByTimeAsync(350));
    expect(frame).toHaveAttribute('src', `/pay/sandbox?reservationId=${a.id}&number=3`);
  });

  it('opens a hosted payment page in a new tab when the provider cannot be framed', async () => {
    const a = reservation('2031-03-10', '2031-03-12', { eventName: 'Spring retreat' });
    paymentsServer(
      { reservations: [a] },
      {
        [`POST /api/payments/${a.id}/checkout`]: {
          body: { kind: 'redirect', url: 'https://checkout.stripe.com/c/pay/cs_test_1' },
        },
      },
    );
    await openPage();
    await startPayment('Spring retreat');
    const link = await screen.findByRole('link', { name: 'Pay for Spring retreat securely' });
    expect(link).toHaveAttribute('href', 'https://checkout.stripe.com/c/pay/cs_test_1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByTitle(/Card payment/)).not.toBeInTheDocument();
  });

  it('shows the server message when the checkout is refused', async () => {
    const a = reservation('2031-03-10', '2031-03-12', { eventName: 'Spring retreat' });
    paymentsServer(
      { reservations: [a] },
      {
        [`POST /api/payments/${a.id}/checkout`]: {
          status: 409,
          body: { message: 'This reservation does not need a payment.' },
        },
      },
    );
    await openPage();
    await startPayment('Spring retreat');
    expect(
      await screen.findByText('This reservation does not need a payment.'),
    ).toBeInTheDocument();
  });
});
