import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig, useTestApp } from '../testing/harness.js';

const t = useTestApp();

function directives(csp: string) {
  return Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  it('send pages and files a CSP without inline scripts, framing only the map and payments, and the other headers', async () => {
    for (const url of ['/', '/login', '/api/calendar/public.ics']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-type'], url).not.toMatch(/json/);
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp['script-src'], url).toEqual(["'self'"]);
      expect(csp['frame-ancestors'], url).toEqual(["'self'"]);
      expect(csp['frame-src'], url).toEqual(["'self'", 'https://www.openstreetmap.org']);
      expect(csp['object-src'], url).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      // Plain http (the tests): no HSTS, which would lock browsers out of http.
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it("send JSON answers, errors included, an API's short set: nothing may render or frame them", async () => {
    for (const [url, status] of [
      ['/api/auth/status', 200],
      ['/api/reservations/public-calendar?year=2026&month=1', 200],
      ['/api/reservations/public-calendar?year=x', 400],
      ['/api/no-such-thing', 404],
      ['/api/users', 401],
    ] as const) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      // The document's policies stay off data.
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(res.headers['x-dns-prefetch-control'], url).toBeUndefined();
    }
  });

  it('add HSTS and allow Stripe frames when configured so', async () => {
    const app = await buildApp({
      config: testConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://house.example.org',
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }),
      database: t.database,
      mailer: t.mailer,
      logger: false,
    });
    try {
      const res = await app.inject({ url: '/api/auth/status' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
      const page = await app.inject({ url: '/' });
      expect(page.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(directives(String(page.headers['content-security-policy']))['frame-src']).toContain(
        'https://js.stripe.com',
      );
    } finally {
      await app.close();
    }
  });
});
