import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, endTimeOf, startTimeOf, todayIn } from '../shared/dates.js';
import { sessionCompleted, sign, WEBHOOK_SECRET } from './payment-providers/stripe.testing.js';
import { freePort } from './testing/free-port.js';
import {
  exited,
  httpClient,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from './testing/server-process.js';

// The real server process, taking money through Stripe (a local stand-in for its
// API): killed with SIGKILL while Stripe makes a refund it asked for, after
// Stripe made it and before the server could record it; started again on the
// same data, it asks again with the same key and records the refund once
// (docs/money.md, "Refunds").

const ADMIN_PASSWORD = 'refund-crash-password';
let dataDir: string;
let server: ServerProcess | undefined;

/** Stripe's API as far as this test needs it: sessions, and refunds made once per key. */
function stripeStandIn(onFirstRefund: () => Promise<void>) {
  const refundsByKey = new Map<string, Record<string, unknown>>();
  const refundRequests: string[] = [];
  const http: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const route = `${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`;
      const answer = (status: number, json: unknown) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_1' });
        res.end(JSON.stringify(json));
      };
      if (route === 'POST /v1/checkout/sessions') {
        answer(200, { id: 'cs_crash', object: 'checkout.session', url: 'https://pay.test/cs' });
        return;
      }
      if (route !== 'POST /v1/refunds') return answer(404, { error: { type: 'x' } });
      const key = String(req.headers['idempotency-key']);
      refundRequests.push(key);
      let refund = refundsByKey.get(key);
      if (!refund) {
        refund = {
          id: `re_crash_${refundsByKey.size + 1}`,
          object: 'refund',
          amount: Number(body.get('amount')),
          currency: 'usd',
          payment_intent: body.get('payment_intent'),
          metadata: {},
          status: 'succeeded',
        };
        refundsByKey.set(key, refund);
        // The money went back; the server dies before it hears so.
        if (refundsByKey.size === 1) {
          await onFirstRefund();
          return answer(200, refund);
        }
      }
      answer(200, refund);
    });
  });
  return { http, refundsByKey, refundRequests };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'retreat-refund-crash-'));
});
afterAll(async () => {
  await stopServerProcess(server);
  await rm(dataDir, { recursive: true, force: true });
});

describe('a crash between the provider’s refund and its record', () => {
  it('gives one refund and one ledger line after a restart', async () => {
    const stripe = stripeStandIn(async () => {
      server!.child.kill('SIGKILL');
      await exited(server!.child);
    });
    await new Promise<void>((r) => stripe.http.listen(0, '127.0.0.1', r));
    const apiPort = (stripe.http.address() as AddressInfo).port;
    const port = await freePort();
    const start = () =>
      startServerProcess({
        dataDir,
        port,
        adminPassword: ADMIN_PASSWORD,
        env: {
          PAYMENT_PROVIDER: 'stripe',
          STRIPE_SECRET_KEY: 'sk_test_crash',
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_API_URL: `http://127.0.0.1:${apiPort}`,
          REFUND_LEASE_SECONDS: '2',
        },
      });
    try {
      server = await start();
      const admin = httpClient(port);
      await admin.login('admin', ADMIN_PASSWORD);
      await admin.call('POST', '/api/account', { accountName: 'Église Saint-Éloi' });
      const day = addDays(todayIn('UTC'), 20);
      const made = await admin.call('POST', '/api/reservations', {
        startTime: startTimeOf(day),
        endTime: endTimeOf(addDays(day, 1)),
        eventName: 'Retreat',
        eventDescription: 'Two quiet days',
      });
      expect(made.status).toBe(201);
      const reservation = (await made.json()) as { id: number; priceCents: number };
      await admin.call('PATCH', `/api/reservations/${reservation.id}/status`, {
        status: 'approved',
      });
      // The shipped house has a facility agreement: accepted before paying.
      const accepted = await admin.call('POST', `/api/reservations/${reservation.id}/agreement`, {
        fullName: 'Anna Lindqvist',
      });
      expect(accepted.status).toBe(201);
      expect((await admin.call('POST', `/api/payments/${reservation.id}/checkout`)).status).toBe(
        200,
      );
      const payload = sessionCompleted({
        reservationId: reservation.id,
        amountTotal: reservation.priceCents,
        sessionId: 'cs_crash',
      });
      const paid = await fetch(`http://127.0.0.1:${port}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
        body: payload,
      });
      expect(await paid.json()).toEqual({ received: true, outcome: 'paid' });

      // The cancellation commits its refund; Stripe makes it; the server is killed.
      await admin
        .call('PATCH', `/api/reservations/${reservation.id}/status`, { status: 'cancelled' })
        .catch(() => undefined);
      await exited(server.child);
      expect(stripe.refundsByKey.size).toBe(1);

      server = await start();
      const again = httpClient(port);
      await again.login('admin', ADMIN_PASSWORD);
      const ledger = async () =>
        (await (
          await again.call('GET', `/api/payments?reservationId=${reservation.id}`)
        ).json()) as { kind: string; amountCents: number; reference: string }[];
      const deadline = Date.now() + 20_000;
      while (!(await ledger()).some((e) => e.kind === 'refund') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));

      const entries = await ledger();
      expect(entries.filter((e) => e.kind === 'refund')).toEqual([
        expect.objectContaining({ amountCents: reservation.priceCents, reference: 're_crash_1' }),
      ]);
      expect(stripe.refundsByKey.size).toBe(1);
      // Asked twice, with one key: Stripe answered the second time with the first refund.
      expect(stripe.refundRequests).toHaveLength(2);
      expect(new Set(stripe.refundRequests).size).toBe(1);
      const made2 = await again.call('GET', '/api/admin/refunds');
      expect(await made2.json()).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    } finally {
      await stopServerProcess(server);
      await new Promise<void>((r) => stripe.http.close(() => r()));
    }
  }, 90_000);
});
