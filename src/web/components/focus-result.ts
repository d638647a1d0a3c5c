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
  const attempt = () => {
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

/** The first candidate's chance (about 400 ms: a refetch), then any candidate, to 1 s. */
const FIRST_CHOICE_TRIES = 8;
const RETRIES = 20;
const RETRY_MS = 50;

/** Looks an element up by its id (for `focusResult`). */
export const byId = (id: string) => () => document.getElementById(id);
