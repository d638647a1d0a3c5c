// The attendee page is public: one address may read and add only as often as
// it may try to log in (AUTH_RATE_LIMIT_PER_MINUTE, docs/stays.md).
import { expect, it } from 'vitest';
import { TestClient } from '../../testing/harness.js';
import { useGroupHouse } from './stays.testing.js';

const { t, request } = useGroupHouse({ AUTH_RATE_LIMIT_PER_MINUTE: '4' });

it('refuses an address that adds attendees faster than its limit (429), and adds nothing then', async () => {
  const { client, reservation } = await request();
  const { url } = (await client.post(`/api/reservations/${reservation.id}/attendee-link`)).json();
  const visitor = new TestClient(t.app);
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    statuses.push(
      (await visitor.post(`/api/attendee${url.slice(5)}`, { name: `Guest ${i}` })).statusCode,
    );
  }
  expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  expect((await client.get(`/api/reservations/${reservation.id}/attendees`)).json()).toHaveLength(
    4,
  );
});
