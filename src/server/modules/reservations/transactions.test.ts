import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays, endTimeOf, startTimeOf, todayIn } from '../../../shared/dates.js';
import { documents, mailOutbox, reservations } from '../../db/schema.js';
import { memberWithAccount, reserveDays, useTestApp } from '../../testing/harness.js';

const t = useTestApp({ FACILITY_TIMEZONE: 'America/Chicago' });

/** Makes every write of an account event fail, as a full disk or a lost connection would. */
async function breakEventWrites() {
  await t.db.execute(sql`create or replace function fail_account_events() returns trigger
    language plpgsql as $$ begin raise exception 'account_events is broken'; end $$`);
  await t.db.execute(sql`create trigger fail_account_events before insert on account_events
    for each row execute function fail_account_events()`);
}

beforeEach(async () => {
  await t.db.execute(sql`drop trigger if exists fail_account_events on account_events`);
});
afterEach(async () => {
  await t.db.execute(sql`drop trigger if exists fail_account_events on account_events`);
});

const first = addDays(todayIn('America/Chicago'), 30);
const body = {
  startTime: startTimeOf(first),
  endTime: endTimeOf(addDays(first, 2)),
  eventName: 'Retreat',
  eventDescription: 'Quiet days',
};

describe('one transaction per mutation: a failed event write undoes the change', () => {
  it('a reservation request leaves no reservation and no mail behind', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    await breakEventWrites();
    const res = await client.post('/api/reservations', body);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: expect.any(String), code: 'internal_error' });
    expect(await t.db.select().from(reservations)).toHaveLength(0);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it('an edit of the details and a cancellation leave the reservation as it was', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 20, 3, 'Before');
    await breakEventWrites();
    const edit = await client.put(`/api/reservations/${r.id}/details`, {
      eventName: 'After',
      eventDescription: 'Changed',
    });
    expect(edit.statusCode).toBe(500);
    expect((await client.patch(`/api/reservations/${r.id}/cancel`)).statusCode).toBe(500);
    const [row] = await t.db.select().from(reservations);
    expect(row).toMatchObject({ eventName: 'Before', status: 'pending' });
  });

  it('an upload stores no document', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    await breakEventWrites();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const form = new FormData();
    form.append(
      'documentFile',
      new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }),
      'minutes.pdf',
    );
    form.append('description', 'Minutes');
    const res = await client.request({
      method: 'POST',
      url: '/api/documents/upload',
      payload: form as unknown as string,
    });
    expect(res.statusCode).toBe(500);
    expect(await t.db.select().from(documents)).toHaveLength(0);
  });
});
