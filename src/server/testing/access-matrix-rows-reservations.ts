/**
 * The access-control matrix's rows for reservations and documents: members
 * reach only their own account's, administrators every account's.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { documents } from '../db/schema.js';
import type { TestContext } from './harness.js';
import { DAILY_RATE_CENTS, SECRETS_OF_A } from './access-matrix-fixtures.js';
import {
  adminOnly,
  everyone,
  json,
  loggedIn,
  ownAccount,
  reservationRowOf,
  uploadForm,
  type Row,
} from './access-matrix-table.js';

export function reservationRows(t: TestContext): Row[] {
  const reservationRow = reservationRowOf(t);
  return [
    // --- reservations ---
    {
      route: 'GET /api/reservations/public-calendar',
      call: (fx) =>
        json('GET', `/api/reservations/public-calendar?year=${fx.year}&month=${fx.month}`),
      expect: everyone(200),
    },
    {
      route: 'GET /api/reservations/calendar',
      call: (fx) => json('GET', `/api/reservations/calendar?year=${fx.year}&month=${fx.month}`),
      expect: loggedIn(200, 200, 200),
      check: ({ actor, res }) => {
        if (actor !== 'memberB') return;
        const entries = res.json() as Record<string, unknown>[];
        expect(entries.length).toBeGreaterThan(0);
        for (const e of entries)
          expect(Object.keys(e).sort()).toEqual(['endTime', 'startTime', 'status']);
      },
    },
    {
      route: 'GET /api/reservations/my-reservations',
      call: () => json('GET', '/api/reservations/my-reservations'),
      expect: loggedIn(200, 200, 200),
      check: ({ actor, res }) => {
        if (res.statusCode === 200) expect(res.json()).toHaveLength(actor === 'memberA' ? 3 : 0);
      },
    },
    {
      route: 'GET /api/reservations',
      call: () => json('GET', '/api/reservations'),
      expect: adminOnly(200),
    },
    {
      route: 'GET /api/reservations',
      variant: "?accountId=A: A's reservations, each with its church",
      call: (fx) => json('GET', `/api/reservations?accountId=${fx.accountA}`),
      expect: adminOnly(200),
      check: ({ res, fx }) => {
        if (res.statusCode !== 200) return;
        const list = res.json() as { accountId: number; accountName: string }[];
        expect(list).toHaveLength(3);
        for (const r of list)
          expect(r).toMatchObject({
            accountId: fx.accountA,
            accountName: SECRETS_OF_A.accountName,
          });
      },
    },
    {
      route: 'GET /api/reservations/counts',
      call: (fx) => json('GET', `/api/reservations/counts?accountId=${fx.accountA}`),
      expect: adminOnly(200),
      check: ({ res }) => {
        if (res.statusCode !== 200) return;
        const counts = res.json() as Record<string, number>;
        expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(3);
      },
    },
    {
      route: 'GET /api/reservations/members',
      call: () => json('GET', '/api/reservations/members'),
      expect: adminOnly(200),
    },
    {
      route: 'GET /api/reservations/my-reservations/counts',
      call: () => json('GET', '/api/reservations/my-reservations/counts'),
      expect: loggedIn(200, 200, 200),
      check: ({ actor, res }) => {
        if (res.statusCode !== 200) return;
        const counts = res.json() as Record<string, number>;
        const total = Object.values(counts).reduce((a, b) => a + b, 0);
        expect(total).toBe(actor === 'memberA' ? 3 : 0);
      },
    },
    {
      route: 'POST /api/reservations',
      call: (fx) =>
        json('POST', '/api/reservations', {
          ...fx.free,
          eventName: 'Caller retreat',
          eventDescription: 'A new request',
        }),
      expect: loggedIn(201, 201, 201),
    },
    {
      route: 'PATCH /api/reservations/:id/cancel',
      call: (fx) => json('PATCH', `/api/reservations/${fx.resA}/cancel`),
      // The administrator cancels through /status; /cancel is the owner's.
      expect: loggedIn(200, 404, 404),
      check: async ({ res, fx }) =>
        expect((await reservationRow(fx.resA))!.status).toBe(
          res.statusCode === 200 ? 'cancelled' : 'approved',
        ),
    },
    {
      route: 'GET /api/reservations/:id/cancellation-quote',
      call: (fx) => json('GET', `/api/reservations/${fx.resAPaid}/cancellation-quote`),
      expect: loggedIn(200, 404, 200),
      check: ({ res }) => {
        if (res.statusCode === 200)
          expect(res.json()).toMatchObject({ paidCents: 2 * DAILY_RATE_CENTS, currency: 'USD' });
      },
    },
    {
      route: 'PATCH /api/reservations/:id/status',
      call: (fx) => json('PATCH', `/api/reservations/${fx.resA}/status`, { status: 'cancelled' }),
      expect: adminOnly(200),
      check: async ({ res, fx }) =>
        expect((await reservationRow(fx.resA))!.status).toBe(
          res.statusCode === 200 ? 'cancelled' : 'approved',
        ),
    },
    {
      route: 'PUT /api/reservations/:id/details',
      call: (fx) =>
        json('PUT', `/api/reservations/${fx.resA}/details`, {
          eventName: 'Renamed event',
          eventDescription: 'Changed text',
        }),
      expect: loggedIn(200, 404, 200),
      check: async ({ res, fx }) =>
        expect((await reservationRow(fx.resA))!.eventName).toBe(
          res.statusCode === 200 ? 'Renamed event' : SECRETS_OF_A.eventName,
        ),
    },
    {
      route: 'DELETE /api/reservations/:id',
      variant: "A's cancelled reservation",
      call: (fx) => json('DELETE', `/api/reservations/${fx.resACancelled}`),
      expect: adminOnly(200),
      check: async ({ res, fx }) =>
        expect(await reservationRow(fx.resACancelled)).toEqual(
          res.statusCode === 200 ? undefined : expect.objectContaining({ status: 'cancelled' }),
        ),
    },

    // --- documents ---
    {
      route: 'GET /api/documents',
      call: () => json('GET', '/api/documents'),
      expect: loggedIn(200, 200, 200),
      check: ({ actor, res, fx }) => {
        if (res.statusCode !== 200) return;
        const ids = (res.json() as { id: number }[]).map((d) => d.id);
        expect(ids.includes(fx.docA)).toBe(actor !== 'memberB');
      },
    },
    {
      route: 'POST /api/documents/upload',
      variant: 'naming account A in the form: a member uploads to their own account',
      call: (fx) => ({
        method: 'POST',
        url: '/api/documents/upload',
        payload: uploadForm(fx) as unknown as string,
      }),
      expect: loggedIn(201, 201, 201),
      check: ({ actor, res, fx }) => {
        if (res.statusCode === 201) {
          expect(res.json().document.accountId).toBe(ownAccount(actor, fx));
        }
      },
    },
    {
      route: 'GET /api/documents',
      variant: '?accountId=A: only an administrator may name an account',
      call: (fx) => json('GET', `/api/documents?accountId=${fx.accountA}`),
      expect: loggedIn(403, 403, 200),
      check: ({ res, fx }) => {
        if (res.statusCode === 200)
          expect((res.json() as { id: number }[]).map((d) => d.id).sort()).toEqual(
            [fx.docA, fx.receiptA].sort(),
          );
      },
    },
    {
      route: 'POST /api/documents/upload',
      variant:
        '?accountId=A in the address: an administrator uploads for A, members may not name it',
      call: (fx) => ({
        method: 'POST',
        url: `/api/documents/upload?accountId=${fx.accountA}`,
        payload: uploadForm(fx) as unknown as string,
      }),
      expect: loggedIn(403, 403, 201),
      check: async ({ res, fx }) => {
        if (res.statusCode === 201) expect(res.json().document.accountId).toBe(fx.accountA);
        else expect(await t.db.select().from(documents)).toHaveLength(2);
      },
    },
    {
      route: 'GET /api/documents/:id/download',
      call: (fx) => json('GET', `/api/documents/${fx.docA}/download`),
      expect: loggedIn(200, 404, 200),
    },
    {
      route: 'GET /api/documents/:id/file',
      variant: 'without a signature',
      call: (fx) => json('GET', `/api/documents/${fx.docA}/file`),
      expect: everyone(400),
    },
    {
      route: 'GET /api/documents/:id/file',
      variant: 'with a forged signature',
      call: (fx) =>
        json(
          'GET',
          `/api/documents/${fx.docA}/file?exp=${Math.floor(Date.now() / 1000) + 300}&disposition=attachment&sig=${'A'.repeat(43)}`,
        ),
      expect: everyone(400),
    },
    {
      route: 'GET /api/documents/:id/file',
      variant: 'with the signed link the download route gives (the link is the permission)',
      call: (fx) => json('GET', fx.signedFileUrl),
      expect: everyone(200),
      check: ({ res }) => expect(res.headers['content-type']).toBe('application/pdf'),
    },
    {
      route: 'DELETE /api/documents/:id',
      variant: 'a receipt: a record nobody deletes',
      call: (fx) => json('DELETE', `/api/documents/${fx.receiptA}`),
      expect: loggedIn(409, 404, 409),
      check: async ({ fx }) =>
        expect(
          await t.db.select().from(documents).where(eq(documents.id, fx.receiptA)),
        ).toHaveLength(1),
    },
    {
      route: 'DELETE /api/documents/:id',
      call: (fx) => json('DELETE', `/api/documents/${fx.docA}`),
      expect: loggedIn(200, 404, 200),
      check: async ({ res, fx }) =>
        expect(await t.db.select().from(documents).where(eq(documents.id, fx.docA))).toHaveLength(
          res.statusCode === 200 ? 0 : 1,
        ),
    },
  ];
}
