#!/usr/bin/env node
// Renders the public pages to HTML (src/web/prerender.tsx, built into
// dist/prerender by `vite build --ssr`) and writes them, by path, to
// dist/web/.vite/prerendered.json. The server puts a page's HTML into #root
// (src/server/plugins/static-spa.ts); docs/operations.md, "Prerendered pages".
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const bundle = path.resolve(process.argv[2] ?? 'dist/prerender/prerender.js');
const out = path.resolve(process.argv[3] ?? 'dist/web/.vite/prerendered.json');

const { PRERENDERED_PATHS, renderPage } = await import(pathToFileURL(bundle).href);
const pages = {};
for (const pathname of PRERENDERED_PATHS) {
  const html = await renderPage(pathname);
  // A page without its heading was not drawn (a loader or an error page instead).
  if (!/<h1[\s>]/.test(html)) throw new Error(`${pathname} rendered without an h1`);
  pages[pathname] = html;
  console.log(`  ${(html.length / 1024).toFixed(1).padStart(6)} KB  ${pathname}`);
}
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(pages));
console.log(`prerendered ${PRERENDERED_PATHS.length} pages into ${path.relative('.', out)}`);
