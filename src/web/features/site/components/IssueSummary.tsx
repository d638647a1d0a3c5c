import { Alert, List, UnstyledButton } from '@mantine/core';
import type { ContentIssue } from '../../../../shared/site-content.js';
import { fieldId, type Path } from '../form/draft.js';
import { placeOf } from '../field-words.js';
import type { ContentName } from '../kinds.js';

export const SUMMARY_ID = 'site-issues';

/** The field of a path, or of the nearest part around it that is on the screen. */
function focusField(path: Path) {
  for (let n = path.length; n >= 0; n--) {
    const target = document.getElementById(fieldId(path.slice(0, n)));
    if (target) {
      const input = target.matches('fieldset')
        ? target.querySelector<HTMLElement>('input, textarea, select')
        : null;
      (n === path.length && input ? input : target).focus();
      return;
    }
  }
}

const count = (n: number) => (n === 1 ? 'one problem' : `${n} problems`);

/**
 * Every problem of the draft above the form, each a link to its field:
 * the server's refusal ("Nothing was saved"), or the check made before
 * the preview and before publishing.
 */
export function IssueSummary({
  name,
  issues,
  from,
}: {
  name: ContentName;
  issues: readonly ContentIssue[];
  from: 'check' | 'server';
}) {
  const title =
    from === 'server'
      ? `Nothing was saved: ${count(issues.length)} to fix.`
      : `Not ready to publish: ${count(issues.length)} to fix.`;
  return (
    <Alert id={SUMMARY_ID} tabIndex={-1} color="red" title={title} role="alert">
      <List size="sm" spacing={4}>
        {issues.map((issue, i) => (
          <List.Item key={i}>
            <UnstyledButton
              td="underline"
              fz="sm"
              style={{ textAlign: 'left', overflowWrap: 'anywhere' }}
              onClick={() => focusField(issue.path)}
            >
              {`${placeOf(name, issue.path)}: ${issue.message}`}
            </UnstyledButton>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
