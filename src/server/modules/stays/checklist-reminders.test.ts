// The checklist's reminders (docs/stays.md, "Reminders") on a clock the test
// moves: each open item is mailed from CHECKLIST_REMINDER_DAYS before its due
// day, once per stay and kind, with the stay page's link; done items are not;
// the administrators' digest lists the stays with an overdue item.
import { asc, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema.js';
import { payInSandbox } from '../../testing/sandbox-checkout.js';
import { useGroupHouse } from './stays.testing.js';

const { t, request, approved, setDaysBefore } = useGroupHouse({
  CHECKLIST_REMINDER_DAYS: '7',
  PUBLIC_URL: 'http://site.test',
});

const CHECKLIST_KINDS = [
  'agreement_reminder',
  'deposit_reminder',
  'questionnaire_reminder',
  'insurance_reminder',
  'balance_reminder',
];

/** The checklist reminders queued so far, oldest first. */
const reminders = async () =>
  (
    await t.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.kind, '%_reminder'))
      .orderBy(asc(mailOutbox.id))
  ).filter((m) => CHECKLIST_KINDS.includes(m.kind));
const kinds = async () => (await reminders()).map((m) => m.kind);
const run = () => t.app.mail.scheduler.runOnce();

describe('checklist reminders', () => {
  it('mails each open item once from a week before it is due, and none that is done', async () => {
    const { client, reservation, first } = await request({ guests: 20, offset: 60 });
    const id = reservation.id;
    await run();
    expect(await kinds()).toEqual([]); // pending: nothing is due yet
    await approved(id);
    // Approved today: agreement and deposit are due in 7 days, so reminded from today.
    await run();
    expect(await kinds()).toEqual(['agreement_reminder', 'deposit_reminder']);
    const [agreement] = await reminders();
    expect(agreement).toMatchObject({ toAddress: 'anna@example.org' });
    expect(agreement!.subject).toContain('sign the facility agreement for Youth retreat');
    expect(agreement!.textBody).toContain(`http://site.test/account/reservations/${id}`);
    expect(agreement!.textBody).toMatch(/is due by \w+day, /);
    await run();
    expect(await kinds()).toHaveLength(2); // once each

    await client.post(`/api/reservations/${id}/agreement`, { fullName: 'Anna Lindqvist' });
    await payInSandbox(client, id, 'deposit');
    await client.put(`/api/reservations/${id}/questionnaire`, { finalGuests: 20 });
    await client.post(`/api/reservations/${id}/questionnaire/submit`);

    // The balance is due 14 days before: reminded from 21 days before, not a day earlier.
    setDaysBefore(first, 22);
    await run();
    expect(await kinds()).toHaveLength(2);
    setDaysBefore(first, 21);
    await run();
    expect((await kinds()).slice(2)).toEqual(['balance_reminder']);
    // Insurance is due 10 days before: from 17 days before. The questionnaire was sent: never.
    setDaysBefore(first, 17);
    await run();
    await run();
    expect((await kinds()).slice(2)).toEqual(['balance_reminder', 'insurance_reminder']);
    setDaysBefore(first, 3);
    await run();
    expect(await kinds()).toHaveLength(4);
  });

  it('an overdue item is still reminded, once, and the administrators’ digest lists its stay', async () => {
    const { reservation, first } = await request({ guests: 20, offset: 60 });
    const id = reservation.id;
    await approved(id);
    await t.db.update(users).set({ email: 'office@example.org' }).where(like(users.role, 'Admin%'));
    // Nothing ran until 5 days before the stay: every item is past its due day.
    setDaysBefore(first, 5);
    await run();
    expect((await kinds()).sort()).toEqual([...CHECKLIST_KINDS].sort());
    const overdue = (await reminders()).find((m) => m.kind === 'questionnaire_reminder')!;
    expect(overdue.textBody).toMatch(/was due on /);
    const [digest] = await t.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.kind, 'pending_digest'));
    expect(digest).toMatchObject({ toAddress: 'office@example.org' });
    expect(digest!.subject).toContain('1 stay has an overdue checklist');
    expect(digest!.textBody).toContain('Youth retreat (anna)');
    expect(digest!.textBody).toContain('agreement, deposit, balance, questionnaire, insurance');
    expect(digest!.textBody).toContain(`http://site.test/admin/reservations/${id}`);
    await run();
    expect(await kinds()).toHaveLength(5);
  });
});
