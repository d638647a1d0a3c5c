import { useCallback, useEffect, useRef } from 'react';

/**
 * Moves the focus to the element of an id once the next render is on the
 * screen (a step shown, a problem listed, an entry moved). A fieldset or an
 * entry's frame gives the focus to its first input.
 */
export function useFocusAfterRender(): (id: string) => void {
  const next = useRef<string | null>(null);
  useEffect(() => {
    if (!next.current) return;
    const target = document.getElementById(next.current);
    next.current = null;
    const input = target?.matches('fieldset')
      ? target.querySelector<HTMLElement>('input, textarea, select')
      : null;
    (input ?? target)?.focus();
  });
  return useCallback((id: string) => {
    next.current = id;
  }, []);
}
