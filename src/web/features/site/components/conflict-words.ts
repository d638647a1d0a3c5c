import { formatDateTime } from '@/lib/format.js';
import type { ContentChange } from '../api/content.js';

/** The words of a refused publication (412 `content_changed`), the notice's and the comparison's. */
export const CONFLICT_TITLE = 'Not published: someone else published a change meanwhile';
export const RELOAD_FAILED = 'The published version could not be loaded. Please try again.';

/** Who published which version and when, in the house's time zone: "anna published version 3 on …". */
export function changeSentence(change: ContentChange, timeZone: string): string {
  const who = change.changedBy ?? 'Someone';
  const what = change.version === null ? 'a new version' : `version ${change.version}`;
  const when = change.changedAt ? ` on ${formatDateTime(change.changedAt, timeZone)}` : '';
  return `${who} published ${what}${when}, after you opened this page.`;
}
