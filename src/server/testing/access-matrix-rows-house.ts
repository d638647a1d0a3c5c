/**
 * The access-control matrix's rows for payments, calendar feeds, closures, the
 * probes, the mail outbox, and the public and payment pages.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ledgerEntries, mailOutbox, refunds } from '../db/schema.js';
import { SANDBOX_SIGNATURE_HEADER } from '../payment-providers/sandbox.js';
import type { TestContext } from './harness.js';
import { DAILY_RATE_CENTS, SECRETS_OF_A } from './access-matrix-fixtures.js';
import {
  adminOnly,
  everyone,
  json,
  loggedIn,
  reservationRowOf,
  sandboxEvent,
  type Row,
} from './access-matrix-table.js';

export function houseRows(t: TestContext): Row[] {
  const reservationRow = reservationRowOf(t);
  return [
    // --- payments ---
    {
      route: 'GET /api/payments/config',
      call: () => json('GET', '/api/payments/config'),
      expect: loggedIn(200, 200, 200),
    },
    {
      route: 'GET /api/payments',
      call: () => json('GET', '/api/payments'),
      expect: loggedIn(200, 200, 200),
      check: ({ actor, res }) => {
        if (res.statusCode === 200) expect(res.json()).toHaveLength(actor === 'memberB' ? 0 : 2);
      },
    },
    {
      route: 'GET /api/payments/summary',
      call: () => json('GET', '/api/payments/summary'),
      expect: adminOnly(200),
      check: ({ res }) => {
        if (res.statusCode === 200)
          expect(res.json()).toMatchObject({ receivedCents: 3 * DAILY_RATE_CENTS });
      },
    },
    {
      route: 'GET /api/payments/export.csv',
      call: () => json('GET', '/api/payments/export.csv'),
      expect: adminOnly(200),
      check: ({ res }) => {
        if (res.statusCode === 200) expect(res.body).toContain(SECRETS_OF_A.paymentReference);
      },
    },
    {
      route: 'POST /api/payments/:id/checkout',
      call: (fx) => json('POST', `/api/payments/${fx.resA}/checkout`),
      expect: loggedIn(200, 404, 404),
    },
    {
      route: 'POST /api/payments/webhook',
      variant: 'an unsigned event',
      call: (fx) => ({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json' },
        payload: sandboxEvent(fx),
      }),
      expect: everyone(400),
      check: async ({ fx }) =>
        expect((await reservationRow(fx.resA))!.paymentStatus).toBe('unpaid'),
    },
    {
      route: 'POST /api/payments/webhook',
      variant: 'an event with a forged signature',
      call: (fx) => ({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
        },
        payload: sandboxEvent(fx),
      }),
      expect: everyone(400),
      check: async ({ fx }) =>
        expect((await reservationRow(fx.resA))!.paymentStatus).toBe('unpaid'),
    },

    // --- calendar feeds: the public one names nobody; a personal one opens by its token only ---
    {
      route: 'GET /api/calendar/public.ics',
      call: () => json('GET', '/api/calendar/public.ics'),
      expect: everyone(200),
      check: ({ res }) => expect(res.headers['set-cookie']).toBeUndefined(),
    },
    {
      route: 'GET /api/calendar/feed',
      call: () => json('GET', '/api/calendar/feed'),
      expect: loggedIn(200, 200, 200),
    },
    {
      route: 'POST /api/calendar/feed/rotate',
      call: () => json('POST', '/api/calendar/feed/rotate'),
      expect: loggedIn(200, 200, 200),
    },
    {
      // B's feed shows A's days as Reserved, never A's names (checked for every outsider).
      route: 'GET /api/calendar/feed/:token.ics',
      variant: "member B's token",
      call: (fx) => json('GET', `/api/calendar/feed/${fx.feedTokenB}.ics`),
      expect: everyone(200),
    },
    {
      route: 'GET /api/calendar/feed/:token.ics',
      variant: 'an unknown token',
      call: () => json('GET', `/api/calendar/feed/${'x'.repeat(43)}.ics`),
      expect: everyone(404),
    },

    // --- closures: public by label, never by reason; made and removed by the staff ---
    {
      route: 'GET /api/closures',
      call: (fx) => json('GET', `/api/closures?year=${fx.year}&month=${fx.month}`),
      expect: everyone(200),
      check: ({ res }) => {
        expect(res.body).not.toContain('Staff-only 7Q');
        expect(res.headers['set-cookie']).toBeUndefined();
      },
    },
    {
      route: 'GET /api/closures/all',
      call: () => json('GET', '/api/closures/all'),
      expect: adminOnly(200),
    },
    {
      route: 'POST /api/closures',
      call: (fx) => json('POST', '/api/closures', { ...fx.freeForClosure, reason: 'Painting' }),
      expect: adminOnly(201),
    },
    {
      route: 'DELETE /api/closures/:id',
      call: (fx) => json('DELETE', `/api/closures/${fx.closure}`),
      expect: adminOnly(200),
    },

    // --- probes for a reverse proxy: open to everyone, telling nothing ---
    { route: 'GET /healthz', call: () => json('GET', '/healthz'), expect: everyone(200) },
    { route: 'GET /readyz', call: () => json('GET', '/readyz'), expect: everyone(200) },

    // --- the mail outbox (admin) ---
    {
      route: 'GET /api/admin/mail',
      call: () => json('GET', '/api/admin/mail?status=failed'),
      expect: adminOnly(200),
      check: ({ res, fx }) => {
        if (res.statusCode === 200)
          expect(res.json().map((m: { id: number }) => m.id)).toEqual([fx.failedMail]);
      },
    },
    {
      route: 'POST /api/admin/mail/:id/retry',
      call: (fx) => json('POST', `/api/admin/mail/${fx.failedMail}/retry`),
      expect: adminOnly(202),
      check: async ({ res, fx }) => {
        const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, fx.failedMail));
        if (res.statusCode === 202) expect(row!.status).not.toBe('failed');
        else expect(row!.status).toBe('failed');
      },
    },
    {
      route: 'POST /api/admin/mail/test',
      call: () => json('POST', '/api/admin/mail/test', { to: 'office@house.test' }),
      expect: adminOnly(202),
      check: async ({ res }) => {
        const tests = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'test'));
        expect(tests).toHaveLength(res.statusCode === 202 ? 1 : 0);
      },
    },

    // --- refunds (admin) ---
    {
      route: 'GET /api/admin/refunds',
      call: () => json('GET', '/api/admin/refunds?status=failed'),
      expect: adminOnly(200),
      check: ({ res, fx }) => {
        if (res.statusCode === 200)
          expect(res.json().map((r: { id: number }) => r.id)).toEqual([fx.failedRefund]);
      },
    },
    {
      route: 'POST /api/admin/refunds/:id/retry',
      call: (fx) => json('POST', `/api/admin/refunds/${fx.failedRefund}/retry`),
      expect: adminOnly(202),
      check: async ({ res, fx }) => {
        const [row] = await t.db.select().from(refunds).where(eq(refunds.id, fx.failedRefund));
        expect(row!.status).toBe(res.statusCode === 202 ? 'succeeded' : 'failed');
      },
    },

    // --- public pages and the sandbox provider's hosted pages ---
    {
      route: 'GET /api/facility/info',
      call: () => json('GET', '/api/facility/info'),
      expect: everyone(200),
    },
    {
      route: 'GET /api/facility/agreement',
      call: () => json('GET', '/api/facility/agreement'),
      expect: everyone(200),
    },
    {
      route: 'GET /api/facility/pricing',
      call: () => json('GET', '/api/facility/pricing'),
      expect: everyone(200),
    },
    {
      route: 'GET /api/facility/quote',
      call: (fx) =>
        json(
          'GET',
          `/api/facility/quote?start=${fx.free.startTime.slice(0, 10)}&end=${fx.free.endTime.slice(0, 10)}`,
        ),
      expect: everyone(200),
      check: ({ res }) => expect(res.json().totalCents).toBe(2 * DAILY_RATE_CENTS),
    },
    { route: 'GET /pay/embed.js', call: () => json('GET', '/pay/embed.js'), expect: everyone(200) },
    {
      route: 'GET /pay/sandbox/form.js',
      call: () => json('GET', '/pay/sandbox/form.js'),
      expect: everyone(200),
    },
    {
      route: 'GET /pay/sandbox/form.css',
      call: () => json('GET', '/pay/sandbox/form.css'),
      expect: everyone(200),
    },
    {
      // The card form of a checkout token: only for the member it was made for.
      route: 'GET /pay/sandbox',
      call: (fx) =>
        json(
          'GET',
          `/pay/sandbox?reservationId=${fx.resA}&number=${fx.resADays}&token=${encodeURIComponent(fx.checkoutToken)}`,
        ),
      expect: { ...loggedIn(200, 404, 404), visitor: 404, pendingUser: 404 },
    },
    {
      // The sandbox's charge serves only the logged-in member the token was made
      // for; everyone else is told nothing, and nothing is written.
      route: 'POST /pay/sandbox/charge',
      call: (fx) =>
        json('POST', '/pay/sandbox/charge', {
          token: fx.checkoutToken,
          cardNumber: '4242 4242 4242 4242',
          expiry: '12/45',
          cvc: '123',
        }),
      expect: { ...loggedIn(200, 404, 404), visitor: 404, pendingUser: 404 },
      check: async ({ res, fx }) => {
        expect((await reservationRow(fx.resA))!.paymentStatus).toBe(
          res.statusCode === 200 ? 'paid' : 'unpaid',
        );
        const charges = await t.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.reservationId, fx.resA));
        expect(charges).toHaveLength(res.statusCode === 200 ? 1 : 0);
      },
    },
  ];
}
