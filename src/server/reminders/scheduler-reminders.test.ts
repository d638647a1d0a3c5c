// The scheduler's reminders to members (docs/mail.md): the payment reminder
// and the stay reminder, each once, from the first house-day of its window.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { HOUR, START, arrival, useSchedulerTestApp } from './scheduler.testing.js';

let clock = START;
const { t, scheduler, day, advanceDays, member, reservation, outboxRows, deliver } =
  useSchedulerTestApp({ now: () => clock, set: (next) => (clock = next) });

describe('payment reminder', () => {
  it('is sent once, on the first house-day of the window, with the amount and the payments link', async () => {
    const anna = await member('anna');
    const r = await reservation(anna.id, {
      firstDay: day(15),
      status: 'approved',
      eventName: 'Choir weekend',
    });
    const s = scheduler({ paymentReminderDays: 14, stayReminderDays: 7 });

    expect(await s.runOnce()).toEqual({ ran: true, queued: 0 });
    expect(await deliver()).toEqual([]);

    advanceDays(1); // 14 days before: the first day in the window
    expect(await s.runOnce()).toEqual({ ran: true, queued: 1 });
    const [mail, ...others] = await deliver();
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ kind: 'payment_reminder', to: 'anna@example.org' });
    expect(mail!.subject).toBe('Cedar Creek Retreat House: payment due for Choir weekend');
    expect(mail!.text).toContain('Hello anna,');
    expect(mail!.text).toContain('begins in 14 days');
    expect(mail!.text).toContain(`Dates: ${r.firstDay} to ${r.lastDay}`);
    expect(mail!.text).toContain('Amount due: $450.00');
    expect(mail!.text).toContain('http://site.test/account/payments');
    expect(mail!.text).toContain(`Your stay's page: http://site.test/account/reservations/${r.id}`);

    // Not again: the same run repeated, later that day, or on the next days.
    expect(await s.runOnce()).toEqual({ ran: true, queued: 0 });
    clock = new Date(clock.getTime() + 5 * HOUR);
    expect(await s.runOnce()).toEqual({ ran: true, queued: 0 });
    advanceDays(1);
    expect(await s.runOnce()).toEqual({ ran: true, queued: 0 });
    expect(await deliver()).toEqual([]);
    const rows = await outboxRows();
    expect(rows.map((m) => [m.kind, m.dedupeKey])).toEqual([
      ['payment_reminder', `payment_reminder:${r.id}`],
    ]);
  });

  it('is sent for a pending request too, but not for a paid, free, rejected, cancelled or past stay', async () => {
    const anna = await member('anna');
    const pending = await reservation(anna.id, { firstDay: day(2), eventName: 'Pending' });
    await reservation(anna.id, {
      firstDay: day(6),
      status: 'approved',
      paymentStatus: 'paid',
      eventName: 'Paid',
    });
    await reservation(anna.id, { firstDay: day(10), status: 'approved', priceCents: 0 });
    await reservation(anna.id, { firstDay: day(2), status: 'rejected', eventName: 'Rejected' });
    await reservation(anna.id, { firstDay: day(3), status: 'cancelled', eventName: 'Cancelled' });
    await reservation(anna.id, { firstDay: day(-1), status: 'approved', eventName: 'Past' });

    await scheduler({ stayReminderDays: 0 }).runOnce();
    const rows = await outboxRows();
    expect(rows.map((m) => m.dedupeKey)).toEqual([`payment_reminder:${pending.id}`]);
  });

  it('is not sent to a member without an address', async () => {
    const bob = await member('bob', null);
    await reservation(bob.id, { firstDay: day(3), status: 'approved' });
    expect(await scheduler().runOnce()).toEqual({ ran: true, queued: 0 });
    expect(await outboxRows()).toEqual([]);
  });

  it('is not sent to a member an administrator deactivated', async () => {
    const cleo = await member('cleo');
    await reservation(cleo.id, { firstDay: day(3), status: 'approved' });
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.id, cleo.id));
    expect(await scheduler().runOnce()).toEqual({ ran: true, queued: 0 });
    expect(await outboxRows()).toEqual([]);
  });
});

describe('stay reminder', () => {
  it('brings the arrival information once, on the first day of the window and not before', async () => {
    const anna = await member('anna');
    const r = await reservation(anna.id, {
      firstDay: day(8),
      status: 'approved',
      paymentStatus: 'paid',
    });
    const s = scheduler({ stayReminderDays: 7 });
    expect((await s.runOnce()).queued).toBe(0);

    advanceDays(1);
    expect((await s.runOnce()).queued).toBe(1);
    const [mail, ...others] = await deliver();
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ kind: 'stay_reminder', to: 'anna@example.org' });
    expect(mail!.subject).toBe(`Cedar Creek Retreat House: your stay begins on ${r.firstDay}`);
    expect(mail!.text).toContain(`Dates: ${r.firstDay} to ${r.lastDay}`);
    expect(mail!.text).toContain(`Arrival: ${arrival.arrivalTime}`);
    expect(mail!.text).toContain(`Departure: ${arrival.departureTime}`);
    expect(mail!.text).toContain(`Keys: ${arrival.keys}`);
    for (const item of arrival.whatToBring) expect(mail!.text).toContain(`- ${item}`);
    expect(mail!.text).toContain('http://site.test/account/reservations');
    expect(mail!.text).toContain(`Your stay's page: http://site.test/account/reservations/${r.id}`);

    for (let i = 0; i < 8; i++) {
      expect((await s.runOnce()).queued).toBe(0);
      advanceDays(1);
    }
    expect(await deliver()).toEqual([]);
  });

  it('is only for approved stays: not pending, rejected, cancelled or past ones', async () => {
    const anna = await member('anna');
    const approved = await reservation(anna.id, { firstDay: day(0), status: 'approved' });
    await reservation(anna.id, { firstDay: day(3) });
    await reservation(anna.id, { firstDay: day(3), status: 'rejected' });
    await reservation(anna.id, { firstDay: day(5), status: 'cancelled' });
    await reservation(anna.id, { firstDay: day(-3), days: 2, status: 'approved' });

    await scheduler({ paymentReminderDays: 0 }).runOnce();
    const keys = (await outboxRows()).map((m) => m.dedupeKey);
    // The stay beginning today is still reminded; the pending one gets no stay reminder.
    expect(keys).toContain(`stay_reminder:${approved.id}`);
    expect(keys.filter((k) => k!.startsWith('stay_reminder:'))).toHaveLength(1);
    const mails = await deliver();
    expect(mails.find((m) => m.kind === 'stay_reminder')!.subject).toBe(
      'Cedar Creek Retreat House: your stay begins today',
    );
  });

  it("counts days in the house's time zone, not in UTC", async () => {
    // 22:00 on 9 June in Chicago is already 10 June in UTC.
    clock = new Date('2030-06-10T03:00:00.000Z');
    expect(day(0)).toBe('2030-06-09');
    const anna = await member('anna');
    const today = await reservation(anna.id, {
      firstDay: '2030-06-09',
      days: 1,
      status: 'approved',
      paymentStatus: 'paid',
    });
    const in7 = await reservation(anna.id, {
      firstDay: '2030-06-16',
      days: 1,
      status: 'approved',
      paymentStatus: 'paid',
    });
    await reservation(anna.id, {
      firstDay: '2030-06-17',
      days: 1,
      status: 'approved',
      paymentStatus: 'paid',
    });

    await scheduler({ stayReminderDays: 7 }).runOnce();
    expect((await outboxRows()).map((m) => m.dedupeKey).sort()).toEqual(
      [`stay_reminder:${today.id}`, `stay_reminder:${in7.id}`].sort(),
    );
  });
});
