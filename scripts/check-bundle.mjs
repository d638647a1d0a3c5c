#!/usr/bin/env node
// Checks the built site (dist/web) against its budgets:
// - the JavaScript a visitor downloads for `/` (the entry script of index.html,
//   every module it preloads, and the chunks the app imports as it starts,
//   React DOM among them), gzip-compressed at level 9 as a server would send
//   it: at most 150 KB;
// - the same for the other pages a visitor often lands on first
//   (`/facilities/availability`, `/login`): the entry plus the chunks of the
//   route modules that draw the page (src/web/app/routes.tsx) with their static
//   imports, transitively (.vite/manifest.json): at most 150 KB each;
// - the render-blocking CSS of `/`: at most 20 KB gzip (Mantine's whole
//   stylesheet alone is 30 KB; the first page needs only its own components');
// - every Mantine class a chunk uses has its rules in the CSS that loads with
//   that chunk, so splitting the styles per component cannot leave a page
//   unstyled.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const JS_BUDGET_KB = 150;
const CSS_BUDGET_KB = 20;
const webDir = path.resolve(process.argv[2] ?? 'dist/web');
const read = (file) => readFileSync(path.join(webDir, file.replace(/^\//, '')), 'utf8');
const gzipKb = (file) =>
  gzipSync(readFileSync(path.join(webDir, file.replace(/^\//, ''))), { level: 9 }).length / 1024;
let failed = false;
const fail = (message) => {
  console.error(message);
  failed = true;
};

const html = read('index.html');
const manifest = JSON.parse(read('.vite/manifest.json'));
const entryScripts = new Set();
for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) entryScripts.add(m[1]);
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g))
  entryScripts.add(m[1]);
for (const m of html.matchAll(/<link[^>]+href="([^"]+\.js)"[^>]+rel="modulepreload"/g))
  entryScripts.add(m[1]);
if (entryScripts.size === 0) fail('no script found in index.html');

// The lazily loaded route modules (keys of the manifest, paths under src/web)
// that draw each page besides `/`, as src/web/app/routes.tsx loads them.
const PAGES = [
  ['/', []],
  [
    '/facilities/availability',
    [
      'features/public/components/FacilitiesPage.tsx',
      'features/public/components/AvailabilityTab.tsx',
    ],
  ],
  ['/login', ['features/auth/routes.ts']],
];
const chunkOfFile = new Map(Object.values(manifest).map((c) => [`/${c.file}`, c]));
// The chunks the app imports on every page as it starts (src/web/main.tsx):
// the entry's dynamic imports of packages, React DOM's renderer and its
// scheduler, with their static imports. The server preloads them the same way
// (src/server/plugins/static-spa.ts).
const startupModules = Object.values(manifest)
  .filter((c) => c.isEntry)
  .flatMap((c) => c.dynamicImports ?? [])
  .filter((key) => key.includes('node_modules/'));
if (startupModules.length === 0) fail('no start-up chunk (React DOM) found in the manifest');
/** The scripts a page loads: index.html's, its modules' chunks and their static imports. */
function pageScripts(modules) {
  const scripts = new Set();
  const seen = new Set();
  const visit = (chunk) => {
    if (!chunk || seen.has(chunk)) return;
    seen.add(chunk);
    if (chunk.file.endsWith('.js')) scripts.add(`/${chunk.file}`);
    for (const key of chunk.imports ?? []) visit(manifest[key]);
  };
  for (const file of entryScripts) {
    scripts.add(file);
    visit(chunkOfFile.get(file));
  }
  for (const module of [...startupModules, ...modules]) {
    if (!manifest[module])
      fail(`${module} is not in the manifest (src/web/app/routes.tsx changed?)`);
    visit(manifest[module]);
  }
  return scripts;
}
for (const [page, modules] of PAGES) {
  let jsKb = 0;
  for (const file of pageScripts(modules)) {
    const kb = gzipKb(file);
    jsKb += kb;
    console.log(`  ${kb.toFixed(1).padStart(7)} KB  ${file}`);
  }
  console.log(`JavaScript for ${page}: ${jsKb.toFixed(1)} KB gzip (budget ${JS_BUDGET_KB} KB)`);
  if (jsKb > JS_BUDGET_KB)
    fail(`JavaScript for ${page} over budget by ${(jsKb - JS_BUDGET_KB).toFixed(1)} KB`);
}

const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g)].map(
  (m) => m[1],
);
const cssKb = styles.reduce((sum, file) => sum + gzipKb(file), 0);
console.log(
  `Render-blocking CSS for /: ${cssKb.toFixed(1)} KB gzip in ${styles.length} file(s) (budget ${CSS_BUDGET_KB} KB)`,
);
if (cssKb > CSS_BUDGET_KB) fail(`CSS over budget by ${(cssKb - CSS_BUDGET_KB).toFixed(1)} KB`);

// Mantine's classes are named m_<hash>; the ones with rules are those in its stylesheets.
const mantineClass = /\bm_[0-9a-f]{6,8}\b/g;
const require = createRequire(import.meta.url);
const styledClasses = new Set(
  ['@mantine/core/styles.css', '@mantine/notifications/styles.css'].flatMap(
    (sheet) => readFileSync(require.resolve(sheet), 'utf8').match(mantineClass) ?? [],
  ),
);
const entryCss = Object.values(manifest)
  .filter((c) => c.isEntry)
  .flatMap((c) => c.css ?? []);
const cssClasses = new Map(
  readdirSync(path.join(webDir, 'assets'))
    .filter((f) => f.endsWith('.css'))
    .map((f) => [`assets/${f}`, new Set(read(`assets/${f}`).match(mantineClass) ?? [])]),
);
let checked = 0;
for (const chunk of Object.values(manifest)) {
  if (!chunk.file.endsWith('.js')) continue;
  const css = new Set(entryCss);
  const seen = new Set();
  const visit = (c) => {
    if (!c || seen.has(c)) return;
    seen.add(c);
    for (const f of c.css ?? []) css.add(f);
    for (const key of c.imports ?? []) visit(manifest[key]);
  };
  visit(chunk);
  const available = new Set([...css].flatMap((f) => [...(cssClasses.get(f) ?? [])]));
  const used = new Set(read(chunk.file).match(mantineClass) ?? []);
  const missing = [...used].filter((c) => styledClasses.has(c) && !available.has(c));
  checked += used.size;
  if (missing.length)
    fail(
      `${chunk.file} uses Mantine classes whose CSS does not load with it: ${missing.join(', ')}`,
    );
}
console.log(
  `Mantine classes with their CSS: ${checked} uses in ${Object.keys(manifest).length} chunks checked`,
);
if (failed) process.exit(1);
