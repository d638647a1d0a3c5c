// A benchmark's data, made through the API as people would: an administrator,
// three approved members of their own churches and two years of their stays.
import { ADMIN_PASSWORD } from './processes.mjs';

export function session(port) {
  const cookies = new Map();
  const call = async (method, url, body) => {
    const headers = { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (cookies.has('XSRF-TOKEN')) headers['x-xsrf-token'] = cookies.get('XSRF-TOKEN');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [k, v] = c.split(';')[0].split('=');
      cookies.set(k, v);
    }
    return res;
  };
  return {
    call,
    cookies,
    cookieHeader: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

export const day = (offset) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export async function seed(port) {
  const admin = session(port);
  await admin.call('GET', '/api/auth/status');
  await admin.call('POST', '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
  const members = [];
  for (let i = 0; i < 3; i++) {
    const username = `member${i}-${Date.now()}`;
    await admin.call('POST', '/api/auth/register', { username, password: 'member-password' });
    const pending = await (await admin.call('GET', '/api/users/pending')).json();
    const user = pending.find((p) => p.username === username);
    const account = await (
      await admin.call('POST', '/api/account', { accountName: `Church ${username}` })
    ).json();
    await admin.call('PUT', `/api/users/${user.id}/assign-account`, { accountId: account.id });
    await admin.call('PATCH', `/api/users/${user.id}/approve`);
    const s = session(port);
    await s.call('GET', '/api/auth/status');
    await s.call('POST', '/api/auth/login', { username, password: 'member-password' });
    members.push({ username, session: s });
  }
  // Two years of stays: a few days every week.
  for (let i = 0; i < 100; i++) {
    const m = members[i % members.length];
    await m.session.call('POST', '/api/reservations', {
      startTime: `${day(3 + i * 7)}T00:00:00.000Z`,
      endTime: `${day(3 + i * 7 + 2)}T23:59:59.999Z`,
      eventName: `Retreat ${i}`,
      eventDescription: 'Seeded for the benchmark',
    });
  }
  return members;
}
