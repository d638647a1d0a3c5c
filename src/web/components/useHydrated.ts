import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the page is rendered ahead of time (docs/operations.md,
 * "Prerendered pages") and during the render that hydrates that HTML; true
 * from then on, and on every page the browser draws itself. What depends on
 * the visitor's clock or window (today's month, the site's origin) waits for
 * it, so the prerendered HTML and the first render in the browser agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
