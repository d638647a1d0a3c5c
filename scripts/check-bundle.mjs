#!/usr/bin/env node
// Fails when the JavaScript a visitor downloads for `/` exceeds the budget:
// the entry script of dist/web/index.html plus every module it preloads,
// gzip-compressed (level 9, as a server would send it).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const webDir = path.resolve(process.argv[2] ?? 'dist/web');
const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
const files = new Set();
for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(m[1]);
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) files.add(m[1]);
for (const m of html.matchAll(/<link[^>]+href="([^"]+\.js)"[^>]+rel="modulepreload"/g)) files.add(m[1]);
if (files.size === 0) {
  console.error('no script found in index.html');
  process.exit(1);
}
let total = 0;
for (const file of files) {
  const bytes = gzipSync(readFileSync(path.join(webDir, file.replace(/^\//, ''))), { level: 9 }).length;
  total += bytes;
  console.log(`  ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const kb = total / 1024;
console.log(`JavaScript for /: ${kb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error(`over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
