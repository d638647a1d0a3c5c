#!/usr/bin/env node
// Part of `npm run lint`: no import cycles among the modules of src/. A cycle
// makes the order modules start in matter (a value read before it is set)
// and ties areas together that should not know each other. Type-only
// imports are left out: they vanish from the built code.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? 'src');

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [full] : [];
  });
}

const WEB = `${path.sep}src${path.sep}web${path.sep}`;

/** The module a specifier names (`./x.js` is `./x.ts` or `./x.tsx`; `@/` is src/web/), or null. */
function resolve(from, spec) {
  let base;
  if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else if (spec.startsWith('@/') && from.includes(WEB))
    base = path.join(from.slice(0, from.indexOf(WEB) + WEB.length), spec.slice(2));
  else return null;
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

// import … from '…', export … from '…', import('…'); not `import type` / `export type`.
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

export function importGraph(files) {
  const graph = new Map();
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    const deps = new Set();
    for (const m of code.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (!spec) continue;
      const target = resolve(file, spec);
      if (target) deps.add(target);
    }
    graph.set(file, [...deps]);
  }
  return graph;
}

/** Strongly connected components with more than one module (or a module importing itself). */
export function cycles(graph) {
  let index = 0;
  const stack = [];
  const on = new Set();
  const idx = new Map();
  const low = new Map();
  const found = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component);
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = cycles(importGraph(sources(root)));
  if (found.length > 0) {
    console.error(`Import cycles in ${root}:`);
    for (const c of found)
      console.error(`  - ${c.map((f) => path.relative(process.cwd(), f)).join(' -> ')}`);
    process.exit(1);
  }
  console.info(`no import cycles in ${path.relative(process.cwd(), root) || '.'}`);
}
