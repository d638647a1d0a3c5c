/**
 * Payments page: loading the reservations to pay and the ledger, and a panel
 * per reservation needing payment with its dates, day count and price.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import { callsTo, renderApp, renderPageAt } from '@/test/utils.js';
import { SITE_TITLE } from '@/test/site-content.js';
import {
  captureEmbedScripts,
  chargeOf,
  openPage,
  panelControl,
  paymentsServer,
  reservation,
} from '../payments.testing.js';

captureEmbedScripts();

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
    await screen.findByRole('button', { name: 'Pay in full ($150.00)' });
    expect(screen.getAllByText(/^Awaiting approval: you can pay now; /)).toHaveLength(1);
  });

  it('opens the panel of the stay the stay page links to (?stay=)', async () => {
    const first = reservation('2031-03-10', '2031-03-12', { eventName: 'Spring retreat' });
    const second = reservation('2031-05-01', '2031-05-01', {
      eventName: 'Day meeting',
      status: 'approved',
    });
    paymentsServer({ reservations: [first, second] });
    await renderPageAt(`/account/payments?stay=${second.id}`, 'Payments');
    expect(await screen.findByRole('button', { name: 'Pay in full ($150.00)' })).toBeVisible();
    expect(panelControl('Day meeting')).toHaveAttribute('aria-expanded', 'true');
    expect(panelControl('Spring retreat')).toHaveAttribute('aria-expanded', 'false');
  });
});
