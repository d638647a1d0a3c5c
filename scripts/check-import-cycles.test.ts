import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cycles, importGraph } from './check-import-cycles.mjs';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function tree(files: Record<string, string>) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cycles-'));
  dirs.push(dir);
  for (const [name, code] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), code);
  }
  const names = Object.keys(files).map((n) => path.join(dir, n));
  return { dir, found: cycles(importGraph(names)) };
}

describe('check-import-cycles', () => {
  it('finds a cycle through .js specifiers, re-exports and dynamic imports', async () => {
    const { dir, found } = await tree({
      'a.ts': "import { b } from './b.js';\nexport const a = 1;",
      'b.tsx': "export { c } from './sub/c.js';\nexport const b = 2;",
      'sub/c.ts': "export const c = () => import('../a.js');",
    });
    expect(found).toHaveLength(1);
    expect(found[0]!.map((f) => path.relative(dir, f)).sort()).toEqual([
      'a.ts',
      'b.tsx',
      'sub/c.ts',
    ]);
  });

  it('ignores type-only imports and packages', async () => {
    const { found } = await tree({
      'a.ts': "import type { B } from './b.js';\nimport { z } from 'zod';\nexport type A = 1;",
      'b.ts': "import { a } from './a.js';\nexport type B = 2;",
    });
    expect(found).toEqual([]);
  });
});
