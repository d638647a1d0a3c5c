import { Alert } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api/client.js';

/** docs/product.md §9: success and error messages clear after 3 to 5 seconds. */
export const FLASH_MS = 4000;

export interface Flash {
  tone: 'success' | 'error';
  text: string;
}

/** A section's success or failure message, cleared after FLASH_MS. */
export function useFlash() {
  const [flash, setFlash] = useState<Flash | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback((tone: Flash['tone'], text: string) => {
    clearTimeout(timer.current);
    setFlash({ tone, text });
    timer.current = setTimeout(() => setFlash(null), FLASH_MS);
  }, []);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setFlash(null);
  }, []);

  /**
   * One save of a section: the last message goes, then `run` (which returns
   * the success text, or nothing when the fields did not pass their checks);
   * a failure shows the server's message, or `failed`.
   */
  const save = useCallback(
    async (run: () => Promise<string | undefined>, failed: string) => {
      clear();
      try {
        const text = await run();
        if (text) show('success', text);
      } catch (err) {
        show('error', errorMessage(err, failed));
      }
    },
    [clear, show],
  );

  return { flash, show, clear, save };
}

/** The message of useFlash: an alert for failures, a polite status for success. */
export function FlashMessage({ flash }: { flash: Flash | null }) {
  if (!flash) return null;
  return flash.tone === 'error' ? (
    <Alert color="red" role="alert">
      {flash.text}
    </Alert>
  ) : (
    <Alert color="teal" role="status">
      {flash.text}
    </Alert>
  );
}
