import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { UserConfig } from 'vite';
import configFor from '../vite.config.js';

// The config is a function of the build: the browser's, or the prerender's (SSR).
const config = (configFor as (env: object) => UserConfig)({
  command: 'serve',
  mode: 'development',
  isSsrBuild: false,
});
const nodeEnv = process.env.NODE_ENV;
const prerenderConfig = (configFor as (env: object) => UserConfig)({
  command: 'build',
  mode: 'production',
  isSsrBuild: true,
});
// A build's config makes NODE_ENV production for the build's process; not for the tests'.
process.env.NODE_ENV = nodeEnv;

describe('the dev server proxy', () => {
  const proxy = (config as { server?: { proxy?: Record<string, unknown> } }).server?.proxy ?? {};
  const proxied = (url: string) => Object.keys(proxy).some((key) => url.startsWith(key));

  it('sends the API and the payment pages to the API server', () => {
    expect(proxied('/api/auth/status')).toBe(true);
    expect(proxied('/api/reservations/public-calendar?year=2027&month=3')).toBe(true);
    expect(proxied('/api/documents/12/download?expires=1&signature=x')).toBe(true);
    expect(proxied('/pay/sandbox?reservationId=1')).toBe(true);
  });

  it("leaves the app's own modules to Vite: none of them lives under /api or /pay", () => {
    expect(existsSync('src/web/api')).toBe(false);
    expect(existsSync('src/web/pay')).toBe(false);
    expect(proxied('/lib/api/client.ts')).toBe(false);
    expect(proxied('/main.tsx')).toBe(false);
  });
});

describe('the @/ alias', () => {
  it('is src/web/, for the build as for tsconfig.json', () => {
    const alias = (config as { resolve?: { alias?: { find: RegExp; replacement: string }[] } })
      .resolve?.alias;
    const at = alias?.find((a) => a.find.test('@/lib/api/client.js'));
    expect(at?.replacement).toMatch(/src[\\/]web[\\/]$/);
    expect(alias?.some((a) => a.find.test('@mantine/core'))).toBe(false);
  });
});

describe('the prerender build', () => {
  it('bundles every dependency into one file, so Mantine goes through the same plugins', () => {
    expect(prerenderConfig.ssr?.noExternal).toBe(true);
    expect(prerenderConfig.build?.outDir).toBe('../../dist/prerender');
    expect(config.ssr).toBeUndefined();
    expect(config.build?.outDir).toBe('../../dist/web');
  });

  it("is production's, whatever NODE_ENV the shell has: its server bundle would read it", () => {
    expect(prerenderConfig.define?.['process.env.NODE_ENV']).toBe('"production"');
    expect(config.define).toBeUndefined();
  });
});
