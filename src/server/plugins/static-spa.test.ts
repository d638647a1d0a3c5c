import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PAGES } from '../../shared/app-paths.js';
import staticSpa from './static-spa.js';

let webDir: string;
const js = 'console.log("hello from the bundle");'.repeat(40);

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'retreat-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>Site</title><div id="root"></div>',
  );
  await writeFile(path.join(webDir, 'assets', 'app-abc123.js'), js);
  await writeFile(path.join(webDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(js));
  await writeFile(path.join(webDir, 'assets', 'app-abc123.js.gz'), gzipSync(js));
});
afterAll(async () => rm(webDir, { recursive: true, force: true }));

/**
 * Runs `test` against the plugin serving a web directory of its own, made of
 * `files` (paths relative to it), and removes the directory after.
 */
async function withWebDir(
  files: Record<string, string>,
  test: (app: FastifyInstance) => Promise<void>,
) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'retreat-web-'));
  const a = Fastify({ logger: false });
  try {
    for (const [name, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), content);
    }
    await a.register(staticSpa, { webDir: dir });
    await test(a);
  } finally {
    await a.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function app() {
  const a = Fastify({ logger: false });
  await a.register(staticSpa, { webDir });
  return a;
}

describe('static SPA', () => {
  it('serves hashed assets pre-compressed and cached for a year', async () => {
    const a = await app();
    const br = await a.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    const gz = await a.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await a.inject({ url: '/assets/app-abc123.js' });
    expect(plain.body).toBe(js);
    await a.close();
  });

  it('sends a page compressed as the browser accepts it (brotli, else gzip), the same page once decoded', async () => {
    const a = await app();
    const plain = await a.inject({ url: '/login' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const br = await a.inject({ url: '/login', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await a.inject({ url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const missing = await a.inject({ url: '/no-such-page', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
    expect(brotliDecompressSync(missing.rawPayload).toString()).toBe(plain.body);
    await a.close();
  });

  it('answers index.html with 200 for every page of the app, 404 with the same page for any other path, and JSON 404 under /api', async () => {
    const a = await app();
    for (const url of APP_PAGES) {
      const res = await a.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    for (const url of [
      '/account/reservations/',
      '/reset-password?token=x&username=y',
      '/facilities/availability?m=3',
      '/admin/accounts/123',
      '/admin/accounts/123/',
    ]) {
      expect((await a.inject({ url })).statusCode, url).toBe(200);
    }
    for (const url of [
      '/no-such-page',
      '/no/such/page?x=1',
      '/account/nothing',
      '/reservations',
      '/admin/accounts/x/y',
      '/admin/users/7',
    ]) {
      const res = await a.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    for (const url of ['/', '/account/reservations', '/no/such/page?x=1']) {
      const res = await a.inject({ url });
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
    const api = await a.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toHaveProperty('message');
    expect((await a.inject({ method: 'POST', url: '/somewhere' })).statusCode).toBe(404);
    await a.close();
  });
});

describe('chunk preloading', () => {
  it('adds the chunks of the page asked for, read from the build manifest', () =>
    withWebDir(
      {
        'index.html':
          '<html><head><script type="module" src="/assets/index-1.js"></script></head><body></body></html>',
        '.vite/manifest.json': JSON.stringify({
          'main.tsx': { file: 'assets/index-1.js' },
          'features/auth/routes.ts': {
            file: 'assets/auth-2.js',
            imports: ['_zod.js', 'main.tsx'],
            css: ['assets/auth-2.css'],
          },
          '_zod.js': { file: 'assets/zod-3.js' },
        }),
      },
      async (a) => {
        const login = (await a.inject({ url: '/login?x=1' })).body;
        expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/auth-2.js">');
        expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/zod-3.js">');
        // Fetched early, but not a render-blocking stylesheet.
        expect(login).toContain(
          '<link rel="preload" as="style" crossorigin href="/assets/auth-2.css">',
        );
        expect(login).not.toContain('rel="stylesheet"');
        // The main bundle is in index.html already: not preloaded twice.
        expect(login.match(/index-1\.js/g)).toHaveLength(1);
        const home = (await a.inject({ url: '/' })).body;
        expect(home).not.toContain('modulepreload');
      },
    ));

  it('adds the chunks the app starts with (the entry imports them) to every page the browser draws', () =>
    withWebDir(
      {
        'index.html':
          '<html><head><script type="module" src="/assets/index-1.js"></script></head><body></body></html>',
        '.vite/manifest.json': JSON.stringify({
          'index.html': {
            file: 'assets/index-1.js',
            isEntry: true,
            dynamicImports: ['../../node_modules/react-dom/client.js', 'features/auth/routes.ts'],
          },
          '../../node_modules/react-dom/client.js': {
            file: 'assets/client-4.js',
            imports: ['_scheduler.js', 'index.html'],
          },
          '_scheduler.js': { file: 'assets/scheduler-5.js' },
          'features/auth/routes.ts': { file: 'assets/auth-2.js', imports: ['index.html'] },
        }),
      },
      async (a) => {
        for (const url of ['/login', '/no-such-page', '/account/profile']) {
          const page = (await a.inject({ url })).body;
          expect(page, url).toContain(
            '<link rel="modulepreload" crossorigin href="/assets/client-4.js">',
          );
          expect(page, url).toContain(
            '<link rel="modulepreload" crossorigin href="/assets/scheduler-5.js">',
          );
          expect(page.match(/index-1\.js/g), url).toHaveLength(1);
        }
        const login = (await a.inject({ url: '/login' })).body;
        expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/auth-2.js">');
        // Only the entry's imports of packages: a route's chunk waits for its page.
        const other = (await a.inject({ url: '/account/profile' })).body;
        expect(other).not.toContain('auth-2.js');
      },
    ));
});

describe('prerendered pages', () => {
  it('sends a prerendered page drawn inside #root, marked for hydration, with its styles linked', () =>
    withWebDir(
      {
        'index.html':
          '<html><head><script type="module" src="/assets/index-1.js"></script></head>' +
          '<body>\n<div id="root">\n<p>House</p>\n</div>\n</body></html>',
        '.vite/manifest.json': JSON.stringify({
          'main.tsx': { file: 'assets/index-1.js' },
          'features/public/components/AboutPage.tsx': {
            file: 'assets/about-2.js',
            imports: ['main.tsx'],
            css: ['assets/about-2.css'],
          },
          'features/auth/routes.ts': { file: 'assets/auth-3.js', css: ['assets/auth-3.css'] },
        }),
        'assets/about-2.css': '.about{color:teal}',
        '.vite/prerendered.json': JSON.stringify({
          '/': '<main><h1>The house</h1></main>',
          '/about': '<main><h1>About</h1><p>Built as a farmhouse.</p></main>',
        }),
      },
      async (a) => {
        const about = await a.inject({ url: '/about?from=home' });
        expect(about.statusCode).toBe(200);
        expect(about.body).toContain(
          '<div id="root" data-prerendered><main><h1>About</h1><p>Built as a farmhouse.</p></main></div>',
        );
        expect(about.body).not.toContain('<p>House</p>');
        // Painted from the HTML: its route's styles come in the page, before the paint.
        expect(about.body).toContain('<style data-route-styles>.about{color:teal}</style>');
        // Named by a disabled link, which the browser does not fetch, so that the
        // app's chunk loader neither adds the file again nor waits for it.
        expect(about.body).toContain(
          '<link rel="stylesheet" crossorigin href="/assets/about-2.css" disabled>',
        );
        expect(about.body).not.toMatch(/<link rel="stylesheet"[^>]*about-2\.css"(?! disabled)/);
        // Its scripts come after the paint (the app imports them), not beside the styles.
        expect(about.body).not.toContain('modulepreload');

        const home = (await a.inject({ url: '/' })).body;
        expect(home).toContain(
          '<div id="root" data-prerendered><main><h1>The house</h1></main></div>',
        );

        // A page drawn by the browser keeps index.html's first paint and only preloads its styles.
        const login = (await a.inject({ url: '/login' })).body;
        expect(login).toContain('<div id="root">\n<p>House</p>\n</div>');
        expect(login).not.toContain('data-prerendered');
        expect(login).toContain(
          '<link rel="preload" as="style" crossorigin href="/assets/auth-3.css">',
        );

        // An unknown path gets the 404 page drawn by the browser, not a prerendered one.
        const missing = await a.inject({ url: '/about/more' });
        expect(missing.statusCode).toBe(404);
        expect(missing.body).not.toContain('data-prerendered');
      },
    ));
});
