/**
 * After a submit whose control goes away (a form that closes, a dialog whose
 * row leaves the list), the browser drops focus on the page body and a
 * keyboard or screen-reader user has to start again from the top. This moves
 * focus to what the submit produced instead: the new row, the updated row, or
 * the heading of the list the message is in.
 *
 * The result may appear only after the list has been fetched again, so the
 * lookup is retried for a moment. An element that cannot take focus is given
 * tabindex="-1" (focusable by script, not in the Tab order).
 */
export function focusResult(...candidates: (() => HTMLElement | null | undefined)[]): () => void {
  let tries = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const startedOn = document.activeElement;
  const attempt = () => {
    // The page is gone (a test's document torn down before a retry): nothing to focus.
    if (typeof document === 'undefined') return;
    // The user has gone on (another dialog, a field): their focus is not taken away.
    if (movedOn(startedOn)) return;
    // Prefer the first candidate; fall back to the later ones once it has had its chance.
    const found =
      tries < FIRST_CHOICE_TRIES
        ? candidates[0]?.()
        : candidates.map((find) => find()).find(Boolean);
    if (found) {
      if (found.tabIndex < 0 && !found.hasAttribute('tabindex'))
        found.setAttribute('tabindex', '-1');
      found.focus();
      return;
    }
    if (tries++ < RETRIES) timer = setTimeout(attempt, RETRY_MS);
  };
  timer = setTimeout(attempt, 0);
  return () => clearTimeout(timer);
}

/**
 * Whether the focus is somewhere the user put it since the submit: in a
 * dialog or a field other than the one submitted from. Focus on the page
 * body, or returned by a closing dialog to the button that opened it, is not.
 */
function movedOn(startedOn: Element | null): boolean {
  const now = document.activeElement;
  if (!now || now === document.body || now === startedOn || !now.isConnected) return false;
  return now.closest('[role="dialog"]') !== null || now.matches('input, textarea, select');
}

/** The first candidate's chance (about 400 ms: a refetch), then any candidate, to 1 s. */
const FIRST_CHOICE_TRIES = 8;
const RETRIES = 20;
const RETRY_MS = 50;

/** Looks an element up by its id (for `focusResult`). */
export const byId = (id: string) => () => document.getElementById(id);
