import { describe, expect, it } from 'vitest';
import { todayAtOffset, todayIn, utcOffsetMinutes } from '../../../shared/dates.js';
import { messages } from '../../../shared/messages.js';
import { TestClient, useTestApp } from '../../testing/harness.js';

const t = useTestApp();

describe('GET /api/facility/info', () => {
  it('answers the name and description of the house to a visitor', async () => {
    const res = await new TestClient(t.app).get('/api/facility/info');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // docs/product.md §7 names these two; the server may add more (such as the time zone).
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['description', 'name']));
    expect(typeof body.name).toBe('string');
    expect(body.name.length).toBeGreaterThan(0);
    expect(typeof body.description).toBe('string');
    expect(body.description.length).toBeGreaterThan(0);
  });

  it("tells the house's time zone and how far its clocks are ahead of UTC now", async () => {
    const body = (await new TestClient(t.app).get('/api/facility/info')).json();
    expect(body.timeZone).toBe(t.config.facilityTimezone);
    expect(body.utcOffsetMinutes).toBe(utcOffsetMinutes(t.config.facilityTimezone));
    // The browser counts the house's today from it.
    expect(todayAtOffset(body.utcOffsetMinutes)).toBe(todayIn(t.config.facilityTimezone));
  });
});

describe('API documentation', () => {
  const routes: [method: string, path: string][] = [
    ['get', '/api/auth/status'],
    ['post', '/api/auth/login'],
    ['post', '/api/auth/logout'],
    ['post', '/api/auth/register'],
    ['post', '/api/auth/forgot-password'],
    ['post', '/api/auth/reset-password'],
    ['put', '/api/users/me/username'],
    ['put', '/api/users/me/password'],
    ['get', '/api/users/pending'],
    ['put', '/api/users/{id}/assign-account'],
    ['patch', '/api/users/{id}/approve'],
    ['delete', '/api/users/{id}/reject'],
    ['get', '/api/account'],
    ['post', '/api/account'],
    ['get', '/api/facility/info'],
  ];

  it('GET /api/openapi.json lists every route', async () => {
    const res = await new TestClient(t.app).get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const [method, path] of routes) {
      expect(doc.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeTruthy();
    }
    // Request bodies are described from the zod schemas.
    const login = doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema;
    expect(login.required).toEqual(expect.arrayContaining(['username', 'password']));
  });

  it('GET /api/docs answers the documentation page', async () => {
    const res = await new TestClient(t.app).get('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/<html/i);
  });
});

describe('unknown API paths', () => {
  it('answer 404 {message} in JSON, never the web page', async () => {
    const c = new TestClient(t.app);
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/api'],
      ['POST', '/api/auth/nothing'],
      ['DELETE', '/api/users/1'],
      ['GET', '/api/auth/login'],
    ] as const) {
      const res = await c.request({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: messages.notFound, code: 'not_found' });
    }
  });
});
