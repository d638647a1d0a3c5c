import { useEffect, useRef } from 'react';

/**
 * Scrolls an element into view `delayMs` after it is asked for (the element
 * may appear only with the next render); a newer request replaces an older one.
 */
export function useScrollLater(delayMs: number) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (target: () => Element | null | undefined) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      target()?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    }, delayMs);
  };
}
