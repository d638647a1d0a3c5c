import { describe, expect, it } from 'vitest';
import config from '../vite.config.js';

describe('the dev server proxy', () => {
  const proxy = (config as { server?: { proxy?: Record<string, unknown> } }).server?.proxy ?? {};
  const proxied = (url: string) =>
    Object.keys(proxy).some((key) =>
      key.startsWith('^') ? new RegExp(key).test(url) : url.startsWith(key),
    );

  it('sends the API and the payment pages to the API server', () => {
    expect(proxied('/api/auth/status')).toBe(true);
    expect(proxied('/api/reservations/public-calendar?year=2027&month=3')).toBe(true);
    expect(proxied('/api/documents/12/download?expires=1&signature=x')).toBe(true);
    expect(proxied('/pay/sandbox?reservationId=1')).toBe(true);
  });

  it("leaves the app's own modules under src/web/api/ to Vite", () => {
    expect(proxied('/api/client.ts')).toBe(false);
    expect(proxied('/api/houseToday.ts?t=1700000000000')).toBe(false);
    expect(proxied('/main.tsx')).toBe(false);
  });
});
