/**
 * Payments page, a group's stay: its price, what was paid and is still owed,
 * the deposit and the balance's due day; paying the deposit, then the balance,
 * and a stay that owes more after its final count staying listed.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo } from '@/test/utils.js';
import { cardFields } from '@/test/screen-texts.js';
import {
  captureEmbedScripts,
  chargeOf,
  fakeSandboxPay,
  openPage,
  panelControl,
  panelOf,
  paymentsServer,
  receiptOf,
  startPayment,
} from '../payments.testing.js';
import { choirRetreat, pricingRoute } from '../group-stay.testing.js';

captureEmbedScripts();

const buttonsOf = (eventName: string) =>
  within(panelOf(eventName))
    .getAllByRole('button')
    .map((b) => b.textContent);

/** The frame's report of a payment, as the provider's script dispatches it. */
const paid = (reservationId: number) =>
  act(() => {
    window.dispatchEvent(
      new CustomEvent('sandbox-pay', {
        detail: { source: 'sandbox-pay', status: 'succeeded', reservationId },
      }),
    );
  });

describe('Payments page: deposit and balance', () => {
  it('shows the price, what is owed, the deposit and the balance due, and offers both payments', async () => {
    const stay = choirRetreat();
    const { fetchMock } = paymentsServer({ reservations: [stay] }, pricingRoute);
    await openPage();
    expect(panelControl('Choir retreat')).toHaveTextContent(
      'Pay for: Choir retreat2031-06-05 to 2031-06-07 · 3 days · $4,700.00',
    );
    await userEvent.click(panelControl('Choir retreat'));
    const panel = panelOf('Choir retreat');
    expect(await within(panel).findByText('Deposit $1,175.00, not refundable')).toBeVisible();
    expect(cardFields(panel)).toEqual({ Price: '$4,700.00', 'Still owed': '$4,700.00' });
    expect(
      within(panel).getByText('Balance of $3,525.00 due by Thursday, May 22, 2031'),
    ).toBeVisible();
    expect(buttonsOf('Choir retreat')).toEqual([
      'Pay deposit ($1,175.00)',
      'Pay in full ($4,700.00)',
    ]);

    await startPayment('Choir retreat', /^Pay deposit/);
    await screen.findByTitle('Card payment for Choir retreat');
    const asked = callsTo(fetchMock, `POST /api/payments/${stay.id}/checkout`);
    expect(asked.map((c) => c.body)).toEqual([{ part: 'deposit' }]);

    // Then all of it instead: a checkout for the balance, the whole price.
    await startPayment('Choir retreat', /^Pay in full/);
    await waitFor(() =>
      expect(
        callsTo(fetchMock, `POST /api/payments/${stay.id}/checkout`).map((c) => c.body),
      ).toEqual([{ part: 'deposit' }, { part: 'balance' }]),
    );
  });

  it('says nothing of refunds when the deposit is refundable or the rule is unknown', async () => {
    paymentsServer({ reservations: [choirRetreat()] });
    await openPage();
    await userEvent.click(panelControl('Choir retreat'));
    expect(await within(panelOf('Choir retreat')).findByText('Deposit $1,175.00')).toBeVisible();
  });

  it('keeps a stay whose deposit is paid among the payments, with the balance to pay', async () => {
    const stay = choirRetreat({ paidCents: 117500 });
    const { fetchMock } = paymentsServer(
      { reservations: [stay], payments: [chargeOf(stay, 117500, { documentId: 90 })] },
      pricingRoute,
    );
    await openPage();
    expect(panelControl('Choir retreat')).toHaveTextContent(
      '2031-06-05 to 2031-06-07 · 3 days · $4,700.00 · $3,525.00 still owed',
    );
    await userEvent.click(panelControl('Choir retreat'));
    const panel = panelOf('Choir retreat');
    expect(
      await within(panel).findByText('Balance of $3,525.00 due by Thursday, May 22, 2031'),
    ).toBeVisible();
    expect(cardFields(panel)).toEqual({
      Price: '$4,700.00',
      Paid: '$1,175.00',
      'Still owed': '$3,525.00',
    });
    expect(buttonsOf('Choir retreat')).toEqual(['Pay balance ($3,525.00)']);
    await startPayment('Choir retreat', /^Pay balance/);
    await screen.findByTitle('Card payment for Choir retreat');
    expect(callsTo(fetchMock, `POST /api/payments/${stay.id}/checkout`).map((c) => c.body)).toEqual(
      [{ part: 'balance' }],
    );
  });

  it('keeps a stay that owes more after a larger final count, with what was refunded', async () => {
    const stay = choirRetreat({
      finalGuests: 44,
      priceCents: 520000,
      paidCents: 470000,
      refundedCents: 20000,
    });
    paymentsServer({ reservations: [stay] });
    await openPage();
    await userEvent.click(panelControl('Choir retreat'));
    const panel = panelOf('Choir retreat');
    await within(panel).findByRole('button', { name: 'Pay balance ($700.00)' });
    expect(cardFields(panel)).toEqual({
      Price: '$5,200.00',
      Paid: '$4,700.00',
      Refunded: '$200.00',
      'Still owed': '$700.00',
    });
    expect(
      within(panel).getByText('Balance of $700.00 due by Thursday, May 22, 2031'),
    ).toBeVisible();
  });

  it('after the deposit is paid, shows the balance to pay and its receipt; the balance is heard too', async () => {
    const stay = choirRetreat();
    const { state } = paymentsServer({ reservations: [stay] });
    fakeSandboxPay();
    await openPage();
    await startPayment('Choir retreat', /^Pay deposit/);
    await screen.findByTitle('Card payment for Choir retreat');

    stay.paidCents = 117500;
    state.payments.push(chargeOf(stay, 117500, { documentId: 90 }));
    state.documents.push(receiptOf(stay, 90));
    paid(stay.id);
    // Still to pay: the panel starts again with the balance, without the deposit's form.
    const panel = panelOf('Choir retreat');
    expect(
      await within(panel).findByRole('button', { name: 'Pay balance ($3,525.00)' }),
    ).toBeVisible();
    expect(screen.queryByTitle('Card payment for Choir retreat')).not.toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'View Receipt for Choir retreat' }),
    ).toBeInTheDocument();

    await startPayment('Choir retreat', /^Pay balance/);
    await screen.findByTitle('Card payment for Choir retreat');
    stay.paidCents = 470000;
    stay.paymentStatus = 'paid';
    state.payments.push(chargeOf(stay, 352500, { documentId: 91 }));
    state.documents.push(receiptOf(stay, 91));
    paid(stay.id);
    expect(await screen.findByText('You have no pending payments.')).toBeInTheDocument();
    // Two payments of one stay: each receipt named by its amount and day.
    expect(
      screen.getByRole('button', {
        name: 'View Receipt for Choir retreat, $3,525.00, Feb 1, 2031',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', {
        name: 'View Receipt for Choir retreat, $1,175.00, Feb 1, 2031',
      }),
    ).toBeInTheDocument();
  });

  it('after the balance, looks again until its own receipt is there, though the deposit has one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const stay = choirRetreat({ paidCents: 117500 });
    const { state } = paymentsServer({
      reservations: [stay],
      payments: [chargeOf(stay, 117500, { documentId: 90 })],
      documents: [receiptOf(stay, 90)],
    });
    fakeSandboxPay();
    await openPage();
    await startPayment('Choir retreat', /^Pay balance/, user);
    await screen.findByTitle('Card payment for Choir retreat');

    stay.paidCents = 470000;
    stay.paymentStatus = 'paid';
    // The balance is recorded; its receipt is written a moment later.
    state.payments.push(chargeOf(stay, 352500));
    paid(stay.id);
    expect(await screen.findByText('You have no pending payments.')).toBeInTheDocument();
    expect(await screen.findByText('Receipt processing...')).toBeInTheDocument();
    state.documents.push(receiptOf(stay, 91));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(
      await screen.findByRole('button', {
        name: 'View Receipt for Choir retreat, $3,525.00, Feb 1, 2031',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Receipt processing...')).not.toBeInTheDocument();
  });
});
