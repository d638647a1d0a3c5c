import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  adminClient,
  memberWithAccount,
  reserveDays,
  TestClient,
  useTestApp,
} from '../testing/harness.js';
import type { OutgoingMail } from './mailer.js';

const t = useTestApp();

/** The one VEVENT of an .ics attachment, read by a real iCalendar parser. */
function eventOf(mail: OutgoingMail | undefined) {
  const ics = mail?.attachments?.find((a) => a.filename.endsWith('.ics'));
  expect(ics, 'an .ics attachment').toBeTruthy();
  expect(ics!.contentType).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(ics!.content.toString('utf8')));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const vevent = events[0]!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: vevent.getFirstPropertyValue('uid'),
    sequence: Number(vevent.getFirstPropertyValue('sequence') ?? 0),
    status: vevent.getFirstPropertyValue('status'),
    summary: vevent.getFirstPropertyValue('summary'),
    start: vevent.getFirstProperty('dtstart')!,
    end: vevent.getFirstProperty('dtend')!,
  };
}

const mailsOfKind = (kind: string) => t.mailer.sent.filter((m) => m.kind === kind);

describe('the house hears about everything', () => {
  it('administrators with an address get a mail per registration, naming the user, with a link to approve', async () => {
    const { client: admin } = await adminClient(t);
    expect(
      (await admin.put('/api/users/me/email', { email: 'office@house.example.org' })).statusCode,
    ).toBe(200);
    const res = await new TestClient(t.app).post('/api/auth/register', {
      username: 'newbie',
      password: 'secret123',
      email: 'n@example.org',
    });
    expect(res.statusCode).toBe(201);
    const [mail] = mailsOfKind('registration');
    expect(mail).toMatchObject({ to: 'office@house.example.org' });
    expect(mail!.subject).toContain('newbie');
    expect(mail!.text).toContain('http://site.test/admin/users');
    expect(mail!.messageId).toMatch(/^<.+@site\.test>$/);
  });

  it('and a mail per reservation request, naming the event and its first day', async () => {
    const { client: admin } = await adminClient(t);
    await admin.put('/api/users/me/email', { email: 'office@house.example.org' });
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 12, 2, 'Choir weekend');
    const [mail] = mailsOfKind('reservation_request');
    expect(mail!.to).toBe('office@house.example.org');
    expect(mail!.text).toContain('Choir weekend');
    expect(mail!.text).toContain(r.first);
    expect(mail!.text).toContain('http://site.test/admin/reservations');
  });

  it('an administrator without an address gets nothing, and the change still succeeds', async () => {
    await adminClient(t);
    expect(
      (
        await new TestClient(t.app).post('/api/auth/register', {
          username: 'newbie',
          password: 'secret123',
        })
      ).statusCode,
    ).toBe(201);
    expect(mailsOfKind('registration')).toHaveLength(0);
  });

  it('PUT /api/users/me/email sets and clears the address, and refuses a malformed one', async () => {
    const { client } = await memberWithAccount(t, 'anna', null);
    const set = await client.put('/api/users/me/email', { email: ' anna@example.org ' });
    expect(set.statusCode).toBe(200);
    expect(set.json().user.email).toBe('anna@example.org');
    expect((await client.get('/api/auth/status')).json().user.email).toBe('anna@example.org');
    const bad = await client.put('/api/users/me/email', { email: 'anna at example' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
    const cleared = await client.put('/api/users/me/email', { email: null });
    expect(cleared.json().user.email).toBeNull();
  });
});

describe('calendar attachments', () => {
  it('the approval mail carries an all-day event with a stable UID; a later cancellation cancels it with a higher SEQUENCE', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 20, 3, 'Choir weekend');
    // Nothing before approval.
    expect(
      t.mailer.sent.filter((m) => m.attachments?.some((a) => a.filename.endsWith('.ics'))),
    ).toHaveLength(0);
    const { client: admin } = await adminClient(t);
    expect(
      (await admin.patch(`/api/reservations/${r.id}/status`, { status: 'approved' })).statusCode,
    ).toBe(200);
    const approval = mailsOfKind('approval')[0];
    expect(approval?.to).toBe('anna@example.org');
    const confirmed = eventOf(approval);
    expect(confirmed).toMatchObject({ method: 'PUBLISH', status: 'CONFIRMED', sequence: 0 });
    expect(confirmed.summary).toContain('Choir weekend');
    expect(confirmed.uid).toBe(`reservation-${r.id}@site.test`);
    // All-day: DTSTART;VALUE=DATE on the first day, DTEND exclusive, the day after the last.
    expect(confirmed.start.type).toBe('date');
    expect(String(confirmed.start.getFirstValue())).toBe(r.first);
    expect(String(confirmed.end.getFirstValue())).toBe(
      new Date(Date.parse(`${r.last}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
    );

    expect((await client.patch(`/api/reservations/${r.id}/cancel`)).statusCode).toBe(200);
    const cancelled = eventOf(mailsOfKind('cancellation')[0]);
    expect(cancelled).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: confirmed.uid });
    expect(cancelled.sequence).toBeGreaterThan(confirmed.sequence);
  });

  it('a request cancelled or rejected before approval gets no calendar event', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const a = await reserveDays(t, client, 20, 2);
    const b = await reserveDays(t, client, 30, 2);
    const { client: admin } = await adminClient(t);
    await client.patch(`/api/reservations/${a.id}/cancel`);
    await admin.patch(`/api/reservations/${b.id}/status`, {
      status: 'rejected',
      adminNotes: 'Full',
    });
    expect(mailsOfKind('cancellation')).toHaveLength(1);
    expect(mailsOfKind('rejection')[0]!.text).toContain('Reason: Full');
    expect(
      t.mailer.sent.filter((m) => m.attachments?.some((x) => x.filename.endsWith('.ics'))),
    ).toHaveLength(0);
  });
});
