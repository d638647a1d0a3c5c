import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../app.js';
import { contentVersions } from '../../db/schema.js';
import {
  adminClient,
  CapturingMailer,
  memberWithAccount,
  TestClient,
  useTestApp,
} from '../../testing/harness.js';
import { fileOf } from './site-content.testing.js';

// A built web app whose prerender bundle draws the home page from the content it is given:
// the server must run it again after an edit (docs/site-content.md, "Live").
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'retreat-live-'));
  await mkdir(path.join(root, 'web', '.vite'), { recursive: true });
  await mkdir(path.join(root, 'prerender'));
  await writeFile(
    path.join(root, 'web', 'index.html'),
    '<!doctype html><html><head><title>Built name</title></head><body><div id="root"><p>Built name</p></div>\n</body></html>',
  );
  await writeFile(path.join(root, 'web', '.vite', 'manifest.json'), '{}');
  await writeFile(
    path.join(root, 'web', '.vite', 'prerendered.json'),
    JSON.stringify({ '/': '<h1>Drawn at build</h1>' }),
  );
  await writeFile(
    path.join(root, 'prerender', 'prerender.js'),
    `export const PRERENDERED_PATHS = ['/'];
export async function renderPage(pathname, content) {
  return '<h1>' + content.facility.name + '</h1><p>' + content.pages.home.aboutBlurb + '</p>';
}`,
  );
});
afterAll(() => rm(root, { recursive: true, force: true }));

const t = useTestApp(
  {},
  {
    pricing: undefined,
    agreement: undefined,
    get webDir() {
      return path.join(root, 'web');
    },
    contentPollMs: 100,
  },
);

const homeOf = async (client: TestClient) => {
  const res = await client.get('/');
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('an edit shows without a rebuild or a restart', () => {
  it('in the prerendered home page, its title and the content the app reads', async () => {
    const visitor = new TestClient(t.app);
    const before = await homeOf(visitor);
    expect(before).toContain(`<h1>${fileOf('facility').name}</h1>`);
    expect(before).toContain(`<title>${fileOf('facility').name}</title>`);

    const { client } = await adminClient(t);
    const pages = fileOf('pages');
    pages.home.aboutBlurb = 'Fresh <bread> every morning';
    expect((await client.put('/api/admin/content/pages', pages)).statusCode).toBe(200);
    const facility = { ...fileOf('facility'), name: 'Maple Ridge House' };
    expect((await client.put('/api/admin/content/facility', facility)).statusCode).toBe(200);

    const after = await homeOf(visitor);
    expect(after).toContain(
      '<div id="root" data-prerendered><h1>Maple Ridge House</h1><p>Fresh <bread> every morning</p></div>',
    );
    expect(after).toContain('<title>Maple Ridge House</title>');
    const script = /<script id="site-content" type="application\/json">(.*?)<\/script>/.exec(after);
    expect(script?.[1]).not.toContain('<bread>');
    const content = JSON.parse(script![1]!);
    expect(content.pages.home.aboutBlurb).toBe('Fresh <bread> every morning');
    expect(content.facility.name).toBe('Maple Ridge House');
    expect(Object.keys(content).sort()).toEqual([
      'facility',
      'floor-plans',
      'gallery',
      'outdoor-map',
      'pages',
    ]);
    // A page the build does not draw carries the content and the name too.
    const login = (await visitor.get('/login')).body;
    expect(login).toContain('<p>Maple Ridge House</p>');
    expect(login).toContain('id="site-content"');
  });

  it('in the API, a mail and a quote at once, and on a second instance within 5 s', async () => {
    const second = await buildApp({
      config: t.config,
      database: t.database,
      mailer: new CapturingMailer(),
      logger: false,
      mailPollMs: 0,
      refundPollMs: 0,
      contentPollMs: 100,
      webDir: path.join(root, 'web'),
    });
    try {
      const other = new TestClient(second);
      const quoteUrl = '/api/facility/quote?start=2027-06-01&end=2027-06-03&guests=20';
      const oldQuote = (await other.get(quoteUrl)).json().totalCents;
      const { client } = await adminClient(t);
      const facility = { ...fileOf('facility'), name: 'Maple Ridge House' };
      expect((await client.put('/api/admin/content/facility', facility)).statusCode).toBe(200);
      const pricing = fileOf('pricing');
      pricing.group.perPersonNightCents += 1000;
      expect((await client.put('/api/admin/content/pricing', pricing)).statusCode).toBe(200);

      // This instance: at once.
      const here = new TestClient(t.app);
      expect((await here.get('/api/facility/info')).json().name).toBe('Maple Ridge House');
      expect((await here.get(quoteUrl)).json().totalCents).toBe(oldQuote + 20 * 2 * 1000);
      await memberWithAccount(t, 'grace');
      await here.post('/api/auth/forgot-password', { username: 'grace' });
      expect(t.mailer.last('grace@example.org')?.text).toContain('Maple Ridge House');

      // The other instance: within 5 s, page and API alike.
      await vi.waitFor(
        async () => {
          expect((await other.get('/api/facility/info')).json().name).toBe('Maple Ridge House');
          expect((await other.get(quoteUrl)).json().totalCents).toBe(oldQuote + 20 * 2 * 1000);
          expect(await homeOf(other)).toContain('<h1>Maple Ridge House</h1>');
        },
        { timeout: 5_000, interval: 100 },
      );
    } finally {
      await second.close();
    }
  });

  it('on a second instance within 5 s, also a version that commits after one with a higher id', async () => {
    const second = await buildApp({
      config: t.config,
      database: t.database,
      mailer: new CapturingMailer(),
      logger: false,
      mailPollMs: 0,
      refundPollMs: 0,
      contentPollMs: 100,
      webDir: path.join(root, 'web'),
    });
    try {
      const other = new TestClient(second);
      const quoteUrl = '/api/facility/quote?start=2027-06-01&end=2027-06-03&guests=20';
      const oldQuote = (await other.get(quoteUrl)).json().totalCents;
      const pricing = fileOf('pricing');
      pricing.group.perPersonNightCents += 1000;
      const facility = { ...fileOf('facility'), name: 'Maple Ridge House' };
      const seesNewName = () =>
        vi.waitFor(
          async () =>
            expect((await other.get('/api/facility/info')).json().name).toBe('Maple Ridge House'),
          { timeout: 5_000, interval: 100 },
        );
      const newRates = () =>
        vi.waitFor(
          async () =>
            expect((await other.get(quoteUrl)).json().totalCents).toBe(oldQuote + 20 * 2 * 1000),
          { timeout: 5_000, interval: 100 },
        );

      if (t.database.kind === 'postgres') {
        // The new rates take a row id, and their transaction stays open while
        // the house's new name (a higher id) is published and seen.
        let commit!: () => void;
        const held = new Promise<void>((resolve) => (commit = resolve));
        let inserted!: () => void;
        const rowTaken = new Promise<void>((resolve) => (inserted = resolve));
        const rates = t.db.transaction(async (tx) => {
          await tx.insert(contentVersions).values({
            name: 'pricing',
            version: 2,
            body: pricing,
            changedBy: 'grace',
          });
          inserted();
          await held;
        });
        await rowTaken;
        try {
          const { client } = await adminClient(t);
          const put = await client.put('/api/admin/content/facility', facility);
          expect(put.statusCode).toBe(200);
          await seesNewName();
        } finally {
          commit();
          await rates;
        }
        const ids = await t.db
          .select({ name: contentVersions.name, id: contentVersions.id })
          .from(contentVersions)
          .where(eq(contentVersions.version, 2));
        const idOf = (name: string) => ids.find((row) => row.name === name)!.id;
        expect(idOf('pricing')).toBeLessThan(idOf('facility'));
      } else {
        // PGlite runs one transaction at a time: the same rows, with the ids written out.
        await t.db.execute(
          sql`insert into content_versions (id, name, version, body, changed_by) overriding system value
              values (1000, 'facility', 2, ${JSON.stringify(facility)}::jsonb, 'admin')`,
        );
        await seesNewName();
        await t.db.execute(
          sql`insert into content_versions (id, name, version, body, changed_by) overriding system value
              values (500, 'pricing', 2, ${JSON.stringify(pricing)}::jsonb, 'grace')`,
        );
      }
      // The rates committed last, with the lower id: the other instance charges them all the same.
      await newRates();
      expect((await other.get('/api/facility/info')).json().name).toBe('Maple Ridge House');
    } finally {
      await second.close();
    }
  });
});
