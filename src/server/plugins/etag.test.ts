import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../shared/dates.js';
import { adminClient, memberWithAccount, reserveDays, useTestApp } from '../testing/harness.js';
import { etagOf } from './etag.js';

const t = useTestApp({ FACILITY_TIMEZONE: 'America/Chicago' });

const get = (url: string, etag?: string) =>
  t.app.inject({ method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });

describe('ETag and 304 on the public, cacheable reads', () => {
  it.each([
    '/api/facility/info',
    '/api/facility/pricing',
    '/api/reservations/public-calendar?year=2030&month=1',
    '/api/closures?year=2030&month=1',
  ])('%s answers 304 with no body to a repeat that names its ETag', async (url) => {
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await get(url, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Another tag, or none, gets the whole answer.
    expect((await get(url, 'W/"other"')).statusCode).toBe(200);
  });

  it('changes the ETag when the data changes', async () => {
    const first = addDays(todayIn('America/Chicago'), 40);
    const url = `/api/closures?year=${first.slice(0, 4)}&month=${Number(first.slice(5, 7))}`;
    const before = (await get(url)).headers.etag as string;
    const { client: admin } = await adminClient(t);
    const made = await admin.post('/api/closures', {
      startDate: first,
      endDate: first,
      reason: 'Painting',
    });
    expect(made.statusCode).toBe(201);
    const after = await get(url, before);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toHaveLength(1);
    expect(after.headers.etag).not.toBe(before);
  });

  it("gives the public calendar's kept month the ETag of its body, new when a stay is requested", async () => {
    const first = addDays(todayIn('America/Chicago'), 45);
    const url = `/api/reservations/public-calendar?year=${first.slice(0, 4)}&month=${Number(first.slice(5, 7))}`;
    const before = await get(url);
    expect(before.headers.etag).toBe(etagOf(before.body));
    const { client } = await memberWithAccount(t, 'etag_member');
    // A one-day request on `first`.
    await reserveDays(t, client, 45, 1, 'Retreat');
    const after = await get(url, before.headers.etag as string);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).toBe(etagOf(after.body));
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('leaves other answers alone', async () => {
    const res = await get('/api/auth/status');
    expect(res.headers.etag).toBeUndefined();
  });
});
