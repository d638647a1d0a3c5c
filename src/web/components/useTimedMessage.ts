import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A message that clears itself after `ms` (docs/product.md §4: upload success 5 s,
 * delete success 3 s, delete error 5 s). Showing a new one restarts the clock.
 */
export function useTimedMessage(ms: number) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      setMessage(text);
      timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);

  return { message, show, clear };
}
