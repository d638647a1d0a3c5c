import { useDeferredValue, useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the page is rendered ahead of time (docs/operations.md,
 * "Prerendered pages") and during the render that hydrates that HTML; true
 * from then on, and at once on every page the browser draws itself. What
 * depends on the visitor's clock or window (today's month, the site's origin)
 * waits for it, so the prerendered HTML and the first render in the browser
 * agree.
 *
 * The switch after hydration is deferred: React draws what waited (a whole
 * month calendar) in the background, in slices, instead of in one task that
 * would hold the page's input.
 */
export function useHydrated(): boolean {
  return useDeferredValue(
    useSyncExternalStore(
      subscribe,
      () => true,
      () => false,
    ),
  );
}
