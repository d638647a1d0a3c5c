import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { callsTo, renderApp } from '@/test/utils.js';
import { SITE_TITLE } from '@/components/PageTitle.js';
import {
  chargeOf,
  openPage,
  panelControl,
  paymentsServer,
  receiptOf,
  reservation,
} from '../testing.js';

/**
 * The embed scripts the page appends: recorded, and kept from loading (the
 * test environment loads no script files); `loadScript` plays the script.
 */
let appended: HTMLScriptElement[] = [];
function captureScripts() {
  const head = document.head;
  return vi.spyOn(head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    if (node instanceof HTMLScriptElement) {
      appended.push(node);
      node.dataset.testSrc = node.getAttribute('src') ?? '';
      node.removeAttribute('src');
    }
    return Node.prototype.appendChild.call(head, node) as T;
  });
}
let scriptSpy: ReturnType<typeof captureScripts> | undefined;

/** What the provider's script does once loaded: define SandboxPay and announce itself. */
function fakeSandboxPay() {
  const mount = vi.fn((root?: ParentNode | null) => {
    (root ?? document).querySelectorAll('iframe[data-sandbox-pay-src]').forEach((f) => {
      if (!f.getAttribute('src')) f.setAttribute('src', f.getAttribute('data-sandbox-pay-src')!);
    });
  });
  window.SandboxPay = { mount };
  return mount;
}

beforeEach(() => {
  appended = [];
  scriptSpy = captureScripts();
});

afterEach(() => {
  scriptSpy?.mockRestore();
  delete window.SandboxPay;
  document.querySelectorAll('script[data-payment-embed]').forEach((s) => s.remove());
});

describe('Payments page', () => {
  it('asks for the reservations to pay and those its ledger names, not the whole list', async () => {
    const due = reservation('2031-03-10', '2031-03-12', { eventName: 'Spring retreat' });
    const paid = reservation('2031-05-01', '2031-05-02', {
      eventName: 'May camp',
      paymentStatus: 'paid',
    });
    const { fetchMock } = paymentsServer({
      reservations: [due, paid],
      payments: [chargeOf(paid, 30000)],
    });
    await openPage();
    expect(await screen.findByRole('row', { name: /May camp/ })).toBeInTheDocument();
    const asked = callsTo(fetchMock, 'GET /api/reservations/my-reservations').map((c) =>
      Object.fromEntries(new URL(c.url, 'http://localhost').searchParams),
    );
    expect(asked).toEqual(
      expect.arrayContaining([
        { status: 'pending,approved', paymentStatus: 'unpaid' },
        { ids: String(paid.id) },
      ]),
    );
    expect(asked).toHaveLength(2);
  });

  it('shows the title and the loading text, then both sections empty', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    paymentsServer(
      { reservations: [] },
      {
        'GET /api/payments': async () => {
          await gate;
          return { body: [] };
        },
      },
    );
    renderApp('/account/payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
    expect(screen.getByText('Loading payment information...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('You have no pending payments.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment History' })).toBeInTheDocument();
    expect(screen.getByText('No payment history found.')).toBeInTheDocument();
    expect(document.title).toBe(`Payments | ${SITE_TITLE}`);
  });

  it('shows the load failure text when a list cannot be loaded', async () => {
    paymentsServer(
      { reservations: [] },
      { 'GET /api/reservations/my-reservations': { status: 500, body: { message: 'Boom.' } } },
    );
    renderApp('/account/payments');
    expect(await screen.findByText(messages.paymentsLoadFailed)).toBeInTheDocument();
    expect(screen.queryByText('Loading payment information...')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pending Payments' })).not.toBeInTheDocument();
  });

  it('lists a panel per reservation needing payment with its dates, day count and price', async () => {
    const later = reservation('2031-05-01', '2031-05-01', {
      eventName: 'Day meeting',
      status: 'approved',
    });
    // The price fixed when the dates were requested, not today's rate.
    const retreat = reservation('2031-03-10', '2031-03-12', {
      eventName: 'Spring retreat',
      priceCents: 42000,
    });
    paymentsServer({
      reservations: [
        later,
        retreat,
        reservation('2031-04-01', '2031-04-02', {
          eventName: 'Cancelled one',
          status: 'cancelled',
        }),
        reservation('2031-04-05', '2031-04-06', { eventName: 'Rejected one', status: 'rejected' }),
      ],
    });
    await openPage();
    const controls = screen
      .getAllByRole('button', { name: /^Pay for: / })
      .map((b) => b.textContent);
    expect(controls).toEqual([
      'Pay for: Spring retreat2031-03-10 to 2031-03-12 · 3 days · $420.00 · Awaiting approval',
      'Pay for: Day meeting2031-05-01 · 1 day · $150.00',
    ]);
    expect(panelControl('Spring retreat')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/Cancelled one|Rejected one/)).not.toBeInTheDocument();
    expect(screen.getByText('No payment history found.')).toBeInTheDocument();
  });

  it('says in the panel of a pending reservation that it can be paid before approval', async () => {
    const pending = reservation('2031-03-10', '2031-03-12', { eventName: 'Spring retreat' });
    const approved = reservation('2031-05-01', '2031-05-01', {
      eventName: 'Day meeting',
      status: 'approved',
    });
    paymentsServer({ reservations: [pending, approved] });
    await openPage();
    await userEvent.click(panelControl('Spring retreat'));
    expect(await screen.findByText(/^Awaiting approval: you can pay now; /)).toBeVisible();
    await userEvent.click(panelControl('Day meeting'));
    await screen.findByTitle('Card payment for Day meeting');
    expect(screen.getAllByText(/^Awaiting approval: you can pay now; /)).toHaveLength(1);
  });

  it('fetches the checkout when a panel opens and frames the card form; the script is added once', async () => {
    const a = reservation('2031-03-10', '2031-03-12', { eventName: 'Spring retreat' });
    const b = reservation('2031-06-10', '2031-06-11', { eventName: 'Summer camp' });
    const { fetchMock } = paymentsServer({ reservations: [a, b] });
    await openPage();
    expect(callsTo(fetchMock, `POST /api/payments/${a.id}/checkout`)).toHaveLength(0);

    await userEvent.click(panelControl('Spring retreat'));
    const frame = await screen.findByTitle('Card payment for Spring retreat');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute(
      'data-sandbox-pay-src',
      `/pay/sandbox?reservationId=${a.id}&number=3`,
    );
    expect(callsTo(fetchMock, `POST /api/payments/${a.id}/checkout`)).toHaveLength(1);
    expect(callsTo(fetchMock, `POST /api/payments/${b.id}/checkout`)).toHaveLength(0);

    await userEvent.click(panelControl('Summer camp'));
    await screen.findByTitle('Card payment for Summer camp');
    expect(appended).toHaveLength(1);
    expect(appended[0]!.dataset.testSrc).toBe('/pay/embed.js');
    expect(document.querySelectorAll('script[data-payment-embed]')).toHaveLength(1);
  });

  it('mounts the frame through the provider script when the panel opens', async () => {
    const a = reservation('2031-03-10', '2031-03-12', { eventName: 'Spring retreat' });
    paymentsServer({ reservations: [a] });
    const mount = fakeSandboxPay();
    await openPage();
    await userEvent.click(panelControl('Spring retreat'));
    const frame = await screen.findByTitle('Card payment for Spring retreat');
    expect(mount).toHaveBeenCalledWith(frame.parentElement);
    expect(frame).toHaveAttribute('src', `/pay/sandbox?reservationId=${a.id}&number=3`);
  });

  it('mounts the frame once the script has loaded', async () => {
    const a = reservation('2031-03-10', '2031-03-12', { eventName: 'Spring retreat' });
    paymentsServer({ reservations: [a] });
    await openPage();
    await userEvent.click(panelControl('Spring retreat'));
    const frame = await screen.findByTitle('Card payment for Spring retreat');
    expect(frame).not.toHaveAttribute('src');
    const mount = fakeSandboxPay();
    act(() => {
      appended[0]!.dispatchEvent(new Event('load'));
    });
    await waitFor(() => expect(mount).toHaveBeenCalledWith(frame.parentElement));
    expect(frame).toHaveAttribute('src', `/pay/sandbox?reservationId=${a.id}&number=3`);
  });

  it('sets the frame src itself 1.5 s after the panel opened when the script has not', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const a = reservation('2031-03-10', '2031-03-12', { eventName: 'Spring retreat' });
    paymentsServer({ reservations: [a] });
    await openPage();
    await user.click(panelControl('Spring retreat'));
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
    await userEvent.click(panelControl('Spring retreat'));
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
    await userEvent.click(panelControl('Spring retreat'));
    expect(
      await screen.findByText('This reservation does not need a payment.'),
    ).toBeInTheDocument();
  });

  it('after a successful payment refetches everything and again after 1 s until the receipt is there', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const a = reservation('2031-03-10', '2031-03-12', { eventName: 'Spring retreat' });
    const { fetchMock, state } = paymentsServer({ reservations: [a] });
    fakeSandboxPay();
    await openPage();
    await user.click(panelControl('Spring retreat'));
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
    const { state } = paymentsServer({ reservations: [a] });
    await openPage();
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
    await new Promise((r) => setTimeout(r, 50));
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
    await new Promise((r) => setTimeout(r, 50));
    expect(callsTo(fetchMock, 'GET /api/reservations/my-reservations')).toHaveLength(before);
    expect(panelControl('Spring retreat')).toBeInTheDocument();
  });
});
