// @vitest-environment happy-dom
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import {
  assertPinned,
  deferDefaultVariables,
  mantineStartupPlugin,
  isMantineCssVariables,
  isMantineRemoveDefaultVariables,
  isMantineUseId,
  NO_CSS_VARIABLES,
  STABLE_USE_ID,
} from './mantine-startup-plugin.js';

const require = createRequire(import.meta.url);
// The package's root, from its main file (its exports do not list package.json).
const mantineHooksRoot = require
  .resolve('@mantine/hooks')
  .replace(/[\\/](cjs|esm)[\\/][^\\/]+$/, '');
const mantineUseIdFile = path.join(mantineHooksRoot, 'esm', 'use-id', 'use-id.mjs');

type UseId = (staticId?: string) => string;

/** Mounts a component calling the hook; returns the id of each of its renders. */
function mount(useId: UseId, staticId?: string) {
  const ids: string[] = [];
  function Probe() {
    ids.push(useId(staticId));
    return null;
  }
  const root = createRoot(document.createElement('div'));
  // Rendered synchronously: the mount and any re-render its layout effects cause.
  flushSync(() => root.render(createElement(Probe)));
  root.unmount();
  return ids;
}

/** The replacement module, loaded from inside the project so that it finds react. */
async function stableUseId(): Promise<UseId> {
  const dir = path.resolve('node_modules/.cache/mantine-use-id-test');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `use-id-${process.pid}.mjs`);
  await writeFile(file, STABLE_USE_ID);
  return ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { useId: UseId }).useId;
}

describe("Mantine's useId in a build", () => {
  it("is recognised by its path in Mantine's hooks package only", () => {
    expect(isMantineUseId('/app/node_modules/@mantine/hooks/esm/use-id/use-id.mjs')).toBe(true);
    expect(
      isMantineUseId('C:\\app\\node_modules\\@mantine\\hooks\\esm\\use-id\\use-id.mjs?v=2'),
    ).toBe(true);
    expect(isMantineUseId('/app/node_modules/@mantine/hooks/esm/use-id/other.mjs')).toBe(false);
    expect(isMantineUseId('/app/src/web/use-id.mjs')).toBe(false);
  });

  it('replaces only the exact file it was written for: any change upstream stops the build', async () => {
    const original = await readFile(mantineUseIdFile, 'utf8');
    const transform = mantineStartupPlugin().transform as (
      code: string,
      id: string,
    ) => { code: string } | null;
    expect(transform(original, mantineUseIdFile)?.code).toBe(STABLE_USE_ID);
    const changed = original.replace('useId', 'useId ');
    expect(() => transform(changed, mantineUseIdFile)).toThrow(/use-id\.mjs is not the one/);
    expect(() => assertPinned('use-id.mjs', original)).not.toThrow();
  });

  it('replaces a module that still exports useId alone (a Mantine update that changes it fails here)', async () => {
    const original = await readFile(mantineUseIdFile, 'utf8');
    expect(original).toMatch(/export \{ useId\$1 as useId \};/);
    expect(STABLE_USE_ID).toMatch(/export \{ useId \};/);
  });

  it("renders a component once where Mantine's own renders it twice, with one id throughout", async () => {
    const mantine = (await import(/* @vite-ignore */ pathToFileURL(mantineUseIdFile).href)) as {
      useId: UseId;
    };
    const before = mount(mantine.useId);
    expect(before).toHaveLength(2);
    expect(before[0]).not.toBe(before[1]);

    const stable = await stableUseId();
    const after = mount(stable);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatch(/^mantine-[\w-]+$/);
    expect(mount(stable, 'given-id')).toEqual(['given-id']);
  });
});

describe("Mantine's default CSS variables in a build", () => {
  const file = path.join(
    require.resolve('@mantine/core').replace(/[\\/](cjs|esm)[\\/][^\\/]+$/, ''),
    'esm/core/MantineProvider/MantineCssVariables/remove-default-variables.mjs',
  );

  it('are recognised by their module path', () => {
    expect(isMantineRemoveDefaultVariables(file)).toBe(true);
    expect(isMantineRemoveDefaultVariables(file.replace('remove-default', 'other'))).toBe(false);
  });

  it('are computed on the first call only, with the same result', async () => {
    const code = deferDefaultVariables(await readFile(file, 'utf8'));
    // The module's imports replaced by stand-ins that count the computations.
    const body = code
      .replace(/^import .*$/gm, '')
      .replace(
        /^export \{ removeDefaultVariables \};$/m,
        'return { removeDefaultVariables, calls: () => calls };',
      );
    const load = new Function(`
      let calls = 0;
      const DEFAULT_THEME = {};
      const keys = Object.keys;
      const defaultCssVariablesResolver = () => {
        calls++;
        return { variables: { '--a': '1', '--b': '2' }, light: { '--c': '3' }, dark: {} };
      };
      ${body}`) as () => {
      removeDefaultVariables: (input: unknown) => unknown;
      calls: () => number;
    };
    const mod = load();
    expect(mod.calls()).toBe(0);
    expect(
      mod.removeDefaultVariables({
        variables: { '--a': '1', '--b': 'x' },
        light: { '--c': '3' },
        dark: { '--d': '4' },
      }),
    ).toEqual({ variables: { '--b': 'x' }, light: {}, dark: { '--d': '4' } });
    mod.removeDefaultVariables({ variables: {}, light: {}, dark: {} });
    expect(mod.calls()).toBe(1);
  });

  it('stop the build when Mantine changes the module, even by one character', async () => {
    expect(() => deferDefaultVariables('const other = 1;')).toThrow(/not the one/);
    const original = await readFile(file, 'utf8');
    expect(() => deferDefaultVariables(original)).not.toThrow();
    expect(() => deferDefaultVariables(`${original} `)).toThrow(/pin the new hash/);
  });
});

describe("Mantine's CSS variables component in a build", () => {
  const file = path.join(
    require.resolve('@mantine/core').replace(/[\\/](cjs|esm)[\\/][^\\/]+$/, ''),
    'esm/core/MantineProvider/MantineCssVariables/MantineCssVariables.mjs',
  );
  const transform = (code: string, id: string) =>
    (mantineStartupPlugin().transform as (code: string, id: string) => { code: string } | null)(
      code,
      id,
    );

  it('is recognised by its module path', () => {
    expect(isMantineCssVariables(file)).toBe(true);
    expect(isMantineCssVariables(`${file}?v=1`)).toBe(true);
    expect(isMantineCssVariables(file.replace('MantineCssVariables.mjs', 'other.mjs'))).toBe(false);
  });

  it('is left out, and says so if anything renders it (withCssVariables stays off)', async () => {
    const original = await readFile(file, 'utf8');
    expect(transform(original, file)?.code).toBe(NO_CSS_VARIABLES);
    const load = new Function(
      NO_CSS_VARIABLES.replace('"use client";', '').replace(
        /^export \{ MantineCssVariables \};$/m,
        'return MantineCssVariables;',
      ),
    ) as () => () => unknown;
    expect(() => load()()).toThrow(/withCssVariables=\{false\}/);
  });

  it('stops the build when Mantine changes the module', async () => {
    const original = await readFile(file, 'utf8');
    expect(() => transform(`${original} `, file)).toThrow(/pin the new hash/);
  });
});
