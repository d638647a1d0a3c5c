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
 */
const mantineUseId = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
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

const EAGER_DEFAULTS = 'const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);';
const LAZY_DEFAULTS = `let defaultCssVariablesCache;
const defaultCssVariables = new Proxy({}, { get: (_, key) => (defaultCssVariablesCache ??= defaultCssVariablesResolver(DEFAULT_THEME))[key] });`;

const stripQuery = (id: string) => id.split('?')[0] ?? id;

export const isMantineUseId = (id: string) => mantineUseId.test(stripQuery(id));
export const isMantineRemoveDefaultVariables = (id: string) =>
  mantineRemoveDefaultVariables.test(stripQuery(id));

/** Mantine's remove-default-variables module with the defaults computed on first use. */
export function deferDefaultVariables(code: string): string {
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
      if (isMantineUseId(id)) return { code: STABLE_USE_ID, map: null };
      if (isMantineRemoveDefaultVariables(id))
        return { code: deferDefaultVariables(code), map: null };
      return null;
    },
  };
}
