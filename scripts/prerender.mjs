#!/usr/bin/env node
// Renders the public pages to HTML (src/web/prerender.tsx, built into
// dist/prerender by `vite build --ssr`) with the site content of content/,
// checks that each draws its heading, and writes them, by path, to
// dist/web/.vite/prerendered.json (docs/operations.md, "Prerendered pages").
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const bundle = path.resolve(process.argv[2] ?? 'dist/prerender/prerender.js');
const out = path.resolve(process.argv[3] ?? 'dist/web/.vite/prerendered.json');

// The public kinds of the site content (PUBLIC_CONTENT_NAMES of
// src/shared/site-content.ts), each from its file in content/.
const content = Object.fromEntries(
  ['facility', 'pages', 'gallery', 'floor-plans', 'outdoor-map'].map((name) => [
    name,
    JSON.parse(readFileSync(new URL(`../content/${name}.json`, import.meta.url), 'utf8')),
  ]),
);

const { PRERENDERED_PATHS, renderPage } = await import(pathToFileURL(bundle).href);
const pages = {};
for (const pathname of PRERENDERED_PATHS) {
  const html = await renderPage(pathname, content);
  // A page without its heading was not drawn (a loader or an error page instead).
  if (!/<h1[\s>]/.test(html)) throw new Error(`${pathname} rendered without an h1`);
  pages[pathname] = html;
  console.log(`  ${(html.length / 1024).toFixed(1).padStart(6)} KB  ${pathname}`);
}
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(pages));
console.log(`prerendered ${PRERENDERED_PATHS.length} pages into ${path.relative('.', out)}`);
