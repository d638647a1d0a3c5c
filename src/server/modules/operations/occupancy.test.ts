// The year's occupancy and revenue (docs/house-operations.md), against figures
// worked out by hand for a seeded year: a stay across a month's end, a day
// event, a stay into the next year, a closure over two months, a cancelled and
// a pending stay left out, and the ledger's money by the house's month.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { closures, ledgerEntries, reservations } from '../../db/schema.js';
import { memberWithAccount } from '../../testing/harness.js';
import { useOperationsHouse } from './operations.testing.js';

const { t, people } = useOperationsHouse();

async function seedYear() {
  const { admin } = await people();
  const { user, account } = await memberWithAccount(t, 'clara', 'clara@example.org');
  const stay = async (
    firstDay: string,
    lastDay: string,
    o: {
      status?: 'approved' | 'cancelled' | 'pending';
      guests?: number | null;
      finalGuests?: number;
      priceCents: number;
    },
  ) => {
    const [row] = await t.db
      .insert(reservations)
      .values({
        userId: user.id,
        firstDay,
        lastDay,
        eventName: `Stay from ${firstDay}`,
        eventDescription: 'Seeded',
        status: o.status ?? 'approved',
        guests: o.guests === undefined ? 20 : o.guests,
        finalGuests: o.finalGuests ?? null,
        priceCents: o.priceCents,
        currency: 'USD',
      })
      .returning();
    return row!.id;
  };
  let n = 0;
  const money = async (
    reservationId: number,
    kind: 'charge' | 'refund',
    amountCents: number,
    at: string,
  ) =>
    t.db.insert(ledgerEntries).values({
      reservationId,
      accountId: account.id,
      kind,
      amountCents,
      currency: 'USD',
      provider: 'sandbox',
      reference: `ref-${++n}`,
      eventId: `event-${n}`,
      createdAt: new Date(at),
    });

  const across = await stay('2025-01-30', '2025-02-02', { finalGuests: 18, priceCents: 300_000 });
  await money(across, 'charge', 100_000, '2025-01-05T18:00:00Z');
  // 23:00 on January 31 in the house's time zone (America/Chicago): January's.
  await money(across, 'refund', 10_000, '2025-02-01T05:00:00Z');
  const dayEvent = await stay('2025-03-10', '2025-03-10', { guests: null, priceCents: 30_000 });
  await money(dayEvent, 'charge', 30_000, '2025-03-01T12:00:00Z');
  await stay('2025-12-30', '2026-01-02', { guests: 10, priceCents: 120_000 });
  const cancelled = await stay('2025-05-01', '2025-05-03', {
    status: 'cancelled',
    priceCents: 50_000,
  });
  await money(cancelled, 'charge', 20_000, '2025-04-20T15:00:00Z');
  await money(cancelled, 'refund', 20_000, '2025-05-02T15:00:00Z');
  await stay('2025-06-01', '2025-06-02', { status: 'pending', priceCents: 40_000 });
  await t.db
    .insert(closures)
    .values({ firstDay: '2025-02-27', lastDay: '2025-03-02', reason: 'Roof' });
  return admin;
}

const empty = { heldDays: 0, closedDays: 0, occupancyPercent: 0, stays: 0, guestNights: 0 };
const noMoney = { invoicedCents: 0, receivedCents: 0, refundedCents: 0, outstandingCents: 0 };
const EXPECTED_2025 = [
  {
    month: 1,
    days: 31,
    heldDays: 2,
    closedDays: 0,
    occupancyPercent: 6.5,
    stays: 1,
    guestNights: 36,
    invoicedCents: 300_000,
    receivedCents: 100_000,
    refundedCents: 10_000,
    outstandingCents: 210_000,
  },
  {
    month: 2,
    days: 28,
    heldDays: 2,
    closedDays: 2,
    occupancyPercent: 7.1,
    stays: 1,
    guestNights: 18,
    ...noMoney,
  },
  {
    month: 3,
    days: 31,
    heldDays: 1,
    closedDays: 2,
    occupancyPercent: 3.2,
    stays: 1,
    guestNights: 0,
    invoicedCents: 30_000,
    receivedCents: 30_000,
    refundedCents: 0,
    outstandingCents: 0,
  },
  { month: 4, days: 30, ...empty, ...noMoney, receivedCents: 20_000 },
  { month: 5, days: 31, ...empty, ...noMoney, refundedCents: 20_000 },
  ...[6, 7, 8, 9, 10, 11].map((month) => ({
    month,
    days: [30, 31, 31, 30, 31, 30][month - 6],
    ...empty,
    ...noMoney,
  })),
  {
    month: 12,
    days: 31,
    heldDays: 2,
    closedDays: 0,
    occupancyPercent: 6.5,
    stays: 1,
    guestNights: 20,
    invoicedCents: 120_000,
    receivedCents: 0,
    refundedCents: 0,
    outstandingCents: 120_000,
  },
];

describe('GET /api/admin/reports/occupancy', () => {
  it('gives the twelve months as worked out by hand', async () => {
    const admin = await seedYear();
    const res = await admin.get('/api/admin/reports/occupancy?year=2025');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(EXPECTED_2025);
    // The stay into 2026 holds January 1 and 2 and begins one night there.
    const next = (await admin.get('/api/admin/reports/occupancy?year=2026')).json();
    expect(next[0]).toMatchObject({ heldDays: 2, stays: 1, guestNights: 10, invoicedCents: 0 });
  });

  it('gives the same figures as CSV, read back by Python’s csv module', async () => {
    const admin = await seedYear();
    const res = await admin.get('/api/admin/reports/occupancy.csv?year=2025');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('occupancy-2025.csv');
    const parsed = JSON.parse(
      execFileSync(
        'python3',
        ['-c', 'import csv, json, sys; print(json.dumps(list(csv.DictReader(sys.stdin))))'],
        { input: res.body },
      ).toString(),
    ) as Record<string, string>[];
    expect(
      parsed.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]))),
    ).toEqual(EXPECTED_2025);
  });

  it('refuses a year that is not one, and anyone but an administrator', async () => {
    const { admin, anna } = await people();
    for (const year of ['abc', '1999', '2101', '2025.5', '']) {
      const res = await admin.get(`/api/admin/reports/occupancy?year=${year}`);
      expect(res.statusCode, year).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    expect((await admin.get('/api/admin/reports/occupancy')).statusCode).toBe(400);
    const url = '/api/admin/reports/occupancy.csv?year=2025';
    expect((await anna.get(url)).statusCode).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});
