// The scheduler's daily digest to the administrators (docs/mail.md) of the
// reservation requests that have waited too long for an answer.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reservations } from '../db/schema.js';
import { createUser, testConfig } from '../testing/harness.js';
import { HOUR, START, useSchedulerTestApp } from './scheduler.testing.js';

let clock = START;
const { t, scheduler, day, advanceDays, member, reservation, outboxRows, deliver } =
  useSchedulerTestApp({ now: () => clock, set: (next) => (clock = next) });

describe('pending digest', () => {
  async function staff() {
    await createUser(t.db, { username: 'admin', email: 'admin@house.test', role: 'Administrator' });
    await createUser(t.db, { username: 'clerk', email: 'clerk@house.test', role: 'Administrator' });
    await createUser(t.db, { username: 'noaddress', role: 'Administrator' });
    await createUser(t.db, {
      username: 'newadmin',
      email: 'new@house.test',
      role: 'Administrator',
      status: 'pending',
    });
  }

  it('goes to each active administrator with an address once a house-day, listing the requests waiting too long', async () => {
    await staff();
    const anna = await member('anna');
    const bob = await member('bob');
    const old = await reservation(anna.id, {
      firstDay: day(20),
      eventName: 'Elders retreat',
      createdAt: new Date(clock.getTime() - 49 * HOUR),
    });
    const recent = await reservation(bob.id, {
      firstDay: day(30),
      eventName: 'Youth weekend',
      createdAt: new Date(clock.getTime() - 47 * HOUR),
    });
    await reservation(bob.id, {
      firstDay: day(40),
      status: 'rejected',
      eventName: 'Rejected one',
      createdAt: new Date(clock.getTime() - 100 * HOUR),
    });
    await reservation(bob.id, {
      firstDay: day(50),
      status: 'cancelled',
      eventName: 'Cancelled one',
      createdAt: new Date(clock.getTime() - 100 * HOUR),
    });
    const s = scheduler({ pendingReminderHours: 48, paymentReminderDays: 0, stayReminderDays: 0 });

    expect(await s.runOnce()).toEqual({ ran: true, queued: 2 });
    const mails = await deliver();
    expect(mails.map((m) => m.to).sort()).toEqual(['admin@house.test', 'clerk@house.test']);
    for (const mail of mails) {
      expect(mail.kind).toBe('pending_digest');
      expect(mail.subject).toBe(
        'Cedar Creek Retreat House: 1 reservation request waits for an answer',
      );
      expect(mail.text).toContain('for more than 2 days');
      expect(mail.text).toContain(
        `- ${old.firstDay} to ${old.lastDay}: Elders retreat, Church anna (anna)`,
      );
      expect(mail.text).not.toContain('Youth weekend');
      expect(mail.text).not.toContain('Rejected one');
      expect(mail.text).not.toContain('Cancelled one');
      expect(mail.text).toContain('http://site.test/admin/reservations');
    }
    expect((await outboxRows()).map((m) => m.dedupeKey).sort()).toEqual([
      `pending_digest:admin@house.test:${day(0)}`,
      `pending_digest:clerk@house.test:${day(0)}`,
    ]);

    // Later the same house-day the second request waits long enough too, but the digest was sent today.
    clock = new Date(clock.getTime() + 3 * HOUR);
    expect(await s.runOnce()).toEqual({ ran: true, queued: 0 });

    // The next house-day: again, with both requests, first day first.
    advanceDays(1);
    expect(await s.runOnce()).toEqual({ ran: true, queued: 2 });
    const next = await deliver();
    expect(next).toHaveLength(2);
    expect(next[0]!.subject).toContain('2 reservation requests wait');
    const text = next[0]!.text;
    expect(text.indexOf('Elders retreat')).toBeGreaterThan(0);
    expect(text.indexOf('Youth weekend')).toBeGreaterThan(text.indexOf('Elders retreat'));
    expect(text).toContain(
      `${recent.firstDay} to ${recent.lastDay}: Youth weekend, Church bob (bob)`,
    );

    // Once nothing waits any more, no digest.
    await t.db.update(reservations).set({ status: 'approved' }).where(eq(reservations.id, old.id));
    await t.db
      .update(reservations)
      .set({ status: 'rejected' })
      .where(eq(reservations.id, recent.id));
    advanceDays(1);
    expect(await s.runOnce()).toEqual({ ran: true, queued: 0 });
  });

  it('is not sent when no request has waited long enough, nor for a past request', async () => {
    await staff();
    const anna = await member('anna');
    await reservation(anna.id, { firstDay: day(20), createdAt: new Date(clock.getTime() - HOUR) });
    await reservation(anna.id, {
      firstDay: day(-2),
      days: 1,
      createdAt: new Date(clock.getTime() - 100 * HOUR),
    });
    const s = scheduler({ pendingReminderHours: 48, paymentReminderDays: 0, stayReminderDays: 0 });
    expect(await s.runOnce()).toEqual({ ran: true, queued: 0 });
    expect(await outboxRows()).toEqual([]);
  });

  it('with PENDING_REMINDER_HOURS=0 lists every pending request, even one made this minute', async () => {
    const hours = testConfig({ PENDING_REMINDER_HOURS: '0' }).pendingReminderHours;
    expect(hours).toBe(0);
    await createUser(t.db, { username: 'admin', email: 'admin@house.test', role: 'Administrator' });
    const anna = await member('anna');
    await reservation(anna.id, { firstDay: day(20), eventName: 'Fresh', createdAt: clock });
    const s = scheduler({
      pendingReminderHours: hours,
      paymentReminderDays: 0,
      stayReminderDays: 0,
    });

    expect(await s.runOnce()).toEqual({ ran: true, queued: 1 });
    const [mail] = await deliver();
    expect(mail!.text).toContain('This reservation request has been waiting for an answer:');
    expect(mail!.text).toContain('Fresh');
    expect(mail!.text).not.toContain('for more than');
    expect(await s.runOnce()).toEqual({ ran: true, queued: 0 });
  });
});
