/**
 * Garbage where the routes expect ids, bodies, cookies and headers: no answer is
 * ever a 5xx, and a bad id in a path is a clean 400 or 404.
 */
import { describe, expect, it } from 'vitest';
import { TestClient, adminClient } from '../testing/harness.js';
import { expectClientError, useBusyTestApp } from './plugins.testing.js';

const t = useBusyTestApp();

describe('bad ids in paths', () => {
  const ROUTES = [
    ['PUT', '/api/users/{id}/assign-account'],
    ['PATCH', '/api/users/{id}/approve'],
    ['DELETE', '/api/users/{id}/reject'],
  ] as const;

  it.each(ROUTES)('%s %s answers 400 or 404, never 5xx', async (method, template) => {
    const { client } = await adminClient(t);
    const ids = [
      'abc',
      '-1',
      '0',
      '1.5',
      '99999999999',
      '2147483648',
      '9'.repeat(300),
      '%E0%A4%A',
      '%00',
      'null',
      '1;drop table users',
    ];
    for (const id of ids) {
      const url = template.replace('{id}', id);
      const res = await client.request({
        method,
        url,
        ...(method === 'PUT' ? { payload: { accountId: 1 } } : {}),
      });
      expectClientError(res, id.slice(0, 20), res.statusCode === 404 ? 404 : 400);
    }
    const unknown = await client.request({
      method,
      url: template.replace('{id}', '424242'),
      ...(method === 'PUT' ? { payload: { accountId: 1 } } : {}),
    });
    expectClientError(unknown, 'unknown id', 404);
  });
});

describe('garbage everywhere', () => {
  it('no API route answers 5xx to garbage, anonymous or as administrator', async () => {
    const { client: admin } = await adminClient(t);
    const doc = (await admin.get('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => [m.toUpperCase(), path.replace(/\{[^}]+\}/g, '1')] as const),
    );
    expect(routes.length).toBeGreaterThanOrEqual(15);
    const anon = new TestClient(t.app);
    for (const [method, url] of routes) {
      if (url.includes('webhook')) continue;
      for (const client of [anon, admin]) {
        for (const payload of [
          undefined,
          '{"x":',
          '[1,2]',
          JSON.stringify({ a: 'x'.repeat(5000) }),
        ]) {
          const res = await client.request({
            method,
            url: method === 'GET' ? `${url}?year=abc&month=99&id=-1` : url,
            ...(payload === undefined || method === 'GET'
              ? {}
              : { payload, headers: { 'content-type': 'application/json' } }),
          });
          expect(
            res.statusCode,
            `${method} ${url} ${payload?.slice(0, 10)}: ${res.body.slice(0, 200)}`,
          ).toBeLessThan(500);
        }
      }
    }
    // The administrator's session is intact after all of it (unless a call changed the password).
    expect((await admin.get('/api/auth/status')).statusCode).toBe(200);
  });

  it('odd cookies and headers are harmless', async () => {
    for (const cookie of [
      'sid=%E0%A4%A',
      'sid',
      '=;=;',
      'XSRF-TOKEN=%ff; sid=\u00e9',
      'a=b'.repeat(500),
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/status',
        headers: { cookie },
      });
      expect(res.statusCode, cookie.slice(0, 20)).toBe(200);
      expect(res.json().authenticated).toBe(false);
    }
  });
});
