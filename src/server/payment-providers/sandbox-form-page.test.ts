// The sandbox's hosted card form (GET /pay/sandbox): shown only to the member the
// signed token was made for, with the token's amount, and its scripts and stylesheet.
import { describe, expect, it } from 'vitest';
import { adminClient, memberWithAccount, reserveDays } from '../testing/harness.js';
import { sandboxCheckout } from '../testing/sandbox-checkout.js';
import { useSandboxApp } from './sandbox.testing.js';

const { t, expiredCheckout } = useSandboxApp();

describe('GET /pay/sandbox (the hosted card form)', () => {
  it("shows the token's amount and the day count to the member it was made for", async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 10, 3);
    const { url, token, number } = await sandboxCheckout(client, r.id);
    expect(number).toBe(3);
    const res = await client.get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body).toContain('$450.00');
    expect(res.body).toContain('3 days');
    expect(res.body).toContain(`data-reservation-id="${r.id}"`);
    expect(res.body).toContain(`data-token="${token}"`);
    expect(res.body).toContain('name="cardNumber"');
    expect(res.body).toContain('/pay/sandbox/form.js');

    const one = await reserveDays(t, client, 20, 1);
    const oneForm = await client.get((await sandboxCheckout(client, one.id)).url);
    expect(oneForm.body).toContain('$150.00');
    expect(oneForm.body).toContain('1 day ');
  });

  it('the amount comes from the signed token, not from the day count in the url', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const r = await reserveDays(t, client, 10, 3);
    const { token } = await sandboxCheckout(client, r.id);
    const res = await client.get(
      `/pay/sandbox?reservationId=${r.id}&number=1&token=${encodeURIComponent(token)}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('$450.00');
    expect(res.body).not.toContain('$150.00');
  });

  it('anyone but the member the token was made for gets a 404 page with no amount', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const { client: bob } = await memberWithAccount(t, 'bob');
    const { client: admin } = await adminClient(t);
    const r = await reserveDays(t, client, 10, 3);
    const { url, token } = await sandboxCheckout(client, r.id);
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    const pages = {
      visitor: await t.app.inject({ method: 'GET', url }),
      'another member': await bob.get(url),
      administrator: await admin.get(url),
      'forged token': await client.get(
        `/pay/sandbox?reservationId=${r.id}&number=3&token=${encodeURIComponent(forged)}`,
      ),
      'garbled token': await client.get(`/pay/sandbox?reservationId=${r.id}&number=3&token=x.y`),
    };
    for (const [who, res] of Object.entries(pages)) {
      expect(res.statusCode, who).toBe(404);
      expect(res.headers['content-type'], who).toMatch(/^text\/html/);
      expect(res.body, who).not.toContain('$450.00');
      expect(res.body, who).not.toContain('data-token');
      expect(res.body, who).not.toContain('name="cardNumber"');
    }
  });

  it('an expired token shows that the form has expired, with no amount', async () => {
    const { client, r, token } = await expiredCheckout();
    const res = await client.get(
      `/pay/sandbox?reservationId=${r.id}&number=3&token=${encodeURIComponent(token)}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/expired/);
    expect(res.body).not.toContain('$450.00');
    expect(res.body).not.toContain('data-token');
  });

  it('refuses a missing or malformed query with 400 and reflects nothing', async () => {
    for (const q of [
      '',
      'reservationId=1',
      'number=2',
      'reservationId=1&number=2',
      'token=abc',
      'reservationId=1&number=0&token=abc',
      'reservationId=1&number=367&token=abc',
      'reservationId=abc&number=2&token=abc',
      'reservationId=%3Cscript%3E&number=1&token=abc',
      'reservationId=1&number=2&token=',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/pay/sandbox?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.body).not.toContain('<script>');
    }
  });

  it('does not reflect a token with markup in it', async () => {
    const { client } = await memberWithAccount(t, 'anna');
    const res = await client.get(
      `/pay/sandbox?reservationId=1&number=1&token=${encodeURIComponent('"><script>alert(1)</script>')}`,
    );
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<script>alert');
  });

  it('serves its scripts and stylesheet', async () => {
    for (const [url, type] of [
      ['/pay/embed.js', /^text\/javascript/],
      ['/pay/sandbox/form.js', /^text\/javascript/],
      ['/pay/sandbox/form.css', /^text\/css/],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(type);
      expect(res.body.length, url).toBeGreaterThan(0);
    }
  });
});
