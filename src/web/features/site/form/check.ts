/**
 * The draft's check before it is sent, the same as the server's: the kind's
 * schema, then the checks across kinds (docs/site-content.md). Problems the
 * schemas name in their own words keep them; zod's general ones are put in
 * plain words for the staff.
 */
import {
  contentSchemas,
  crossCheckContent,
  type ContentIssue,
  type ContentName,
} from '../../../../shared/site-content.js';
import { plainMessage } from '../../../../shared/content-issue-words.js';

export { plainMessage };

/**
 * Every problem of a draft, or none. `others` are the other kinds as
 * published (the home page's highlights name gallery pictures).
 */
export function checkDraft(
  name: ContentName,
  draft: unknown,
  others: Partial<Record<ContentName, unknown>>,
): ContentIssue[] {
  const parsed = contentSchemas[name].safeParse(draft, { error: plainMessage });
  if (!parsed.success)
    return parsed.error.issues.map((issue) => ({
      path: issue.path.filter((p) => typeof p !== 'symbol'),
      message: issue.message,
    }));
  return crossCheckContent(name, draft, others);
}
