import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * Two changes to Mantine in a build that take work out of the task that first
 * shows a page, where a phone otherwise stays blocked for it. Dev and the
 * tests run Mantine unchanged; the pages behave the same either way.
 *
 * 1. Mantine's `useId` starts every component that needs an id (tabs,
 *    inputs, menus…) with one id, then swaps in a random one from a layout
 *    effect. That setState makes React render the page a second time,
 *    synchronously, right after the first: some 100 ms on a phone for the
 *    availability page alone. React 19's own `useId` is stable from the first
 *    render, so the hook is replaced by one that only uses it.
 * 2. Mantine computes its default theme's CSS variables when its module
 *    loads, to strip them from the variables it injects. The app writes its
 *    variables into a stylesheet instead (mantine-styles-plugin.ts) and never
 *    calls that code, so the computation is deferred to the first call.
 * 3. For the same reason the component that would write those variables into
 *    the page (rendered only with `withCssVariables`, which AppProviders turns
 *    off) is left out: its code and Mantine's default-variables resolver are
 *    some 1.6 KB of gzip JavaScript in the first bundle. Should anything render
 *    it after all, it says so instead of leaving the page without variables.
 */
const mantineUseId = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
const mantineCssVariables =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]MantineCssVariables\.mjs$/;
const mantineRemoveDefaultVariables =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]remove-default-variables\.mjs$/;

export const STABLE_USE_ID = `"use client";
import { useId as useReactId } from "react";
function useId(staticId) {
	const reactId = useReactId();
	return typeof staticId === "string" ? staticId : \`mantine-\${reactId.replace(/[^\\w-]/g, "")}\`;
}
export { useId };
`;

export const NO_CSS_VARIABLES = `"use client";
function MantineCssVariables() {
	throw new Error("mantine-startup-plugin: this build leaves out Mantine's CSS variables component (the variables are in the stylesheet): keep withCssVariables={false} on MantineProvider.");
}
export { MantineCssVariables };
`;

const EAGER_DEFAULTS = 'const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);';
const LAZY_DEFAULTS = `let defaultCssVariablesCache;
const defaultCssVariables = new Proxy({}, { get: (_, key) => (defaultCssVariablesCache ??= defaultCssVariablesResolver(DEFAULT_THEME))[key] });`;

/**
 * The SHA-256 of each Mantine file this plugin replaces or edits, as the
 * pinned Mantine version ships it. Any change upstream stops the build: the
 * replacement was written for these exact files.
 */
export const PINNED_SHA256 = {
  'use-id.mjs': '58068c8b5a3515a0ef0609b6f75c38e98a028afcb20f5c24a8643b62238dd49c',
  'MantineCssVariables.mjs': '5d10917e39ba5b8cb1e97d7348eaba0648a26a2049a5c574644c7bdcdb69d887',
  'remove-default-variables.mjs':
    '14e889b963e6056e722f45b96b5aedf68438bea83f2ad1d8d743756b03e00bd5',
} as const;

const sha256 = (code: string) => createHash('sha256').update(code).digest('hex');

/** Stops the build unless `code` is exactly the file the plugin was written for. */
export function assertPinned(file: keyof typeof PINNED_SHA256, code: string): void {
  const found = sha256(code);
  if (found !== PINNED_SHA256[file]) {
    throw new Error(
      `mantine-startup-plugin: Mantine's ${file} is not the one this plugin was written for ` +
        `(sha256 ${found}, expected ${PINNED_SHA256[file]}). Mantine was updated: compare the ` +
        `new file with what scripts/mantine-startup-plugin.ts does to it, adapt the plugin (or ` +
        `drop the change if Mantine fixed it), then pin the new hash in PINNED_SHA256.`,
    );
  }
}

const stripQuery = (id: string) => id.split('?')[0] ?? id;

export const isMantineUseId = (id: string) => mantineUseId.test(stripQuery(id));
export const isMantineCssVariables = (id: string) => mantineCssVariables.test(stripQuery(id));
export const isMantineRemoveDefaultVariables = (id: string) =>
  mantineRemoveDefaultVariables.test(stripQuery(id));

/** Mantine's remove-default-variables module with the defaults computed on first use. */
export function deferDefaultVariables(code: string): string {
  assertPinned('remove-default-variables.mjs', code);
  if (!code.includes(EAGER_DEFAULTS)) {
    throw new Error(
      'mantine-startup-plugin: remove-default-variables.mjs changed; review the plugin',
    );
  }
  return code.replace(EAGER_DEFAULTS, LAZY_DEFAULTS);
}

export function mantineStartupPlugin(): Plugin {
  return {
    name: 'mantine-startup',
    apply: 'build',
    transform(code, id) {
      if (isMantineUseId(id)) {
        assertPinned('use-id.mjs', code);
        return { code: STABLE_USE_ID, map: null };
      }
      if (isMantineCssVariables(id)) {
        assertPinned('MantineCssVariables.mjs', code);
        return { code: NO_CSS_VARIABLES, map: null };
      }
      if (isMantineRemoveDefaultVariables(id))
        return { code: deferDefaultVariables(code), map: null };
      return null;
    },
  };
}
