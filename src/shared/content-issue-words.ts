/**
 * zod's general problems in plain words, for the staff editing the site
 * (docs/site-content.md): the server's refusals and the Site area's check
 * before publishing say the same. Problems a schema names in its own words
 * keep them.
 */
interface RawIssue {
  code?: string;
  input?: unknown;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  exact?: boolean;
  keys?: string[];
}

const plural = (n: number | bigint, one: string, many: string) =>
  `${n} ${Number(n) === 1 ? one : many}`;

/** zod's general problems in plain words; undefined keeps zod's own text (a schema's own message). */
export function plainMessage(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === ''
        ? 'Fill this in.'
        : 'This is not the right kind of value.';
    case 'too_small': {
      const min = issue.minimum ?? 0;
      if (issue.origin === 'string')
        return Number(min) <= 1 ? 'Fill this in.' : `Use at least ${min} characters.`;
      if (issue.origin === 'array')
        return issue.exact ? `Give exactly ${min}.` : `Give at least ${min}.`;
      return issue.inclusive === false ? `Give more than ${min}.` : `Give ${min} or more.`;
    }
    case 'too_big': {
      const max = issue.maximum ?? 0;
      if (issue.origin === 'string')
        return `Use at most ${plural(max, 'character', 'characters')}.`;
      if (issue.origin === 'array')
        return issue.exact ? `Give exactly ${max}.` : `Give at most ${max}.`;
      return issue.inclusive === false ? `Give less than ${max}.` : `Give ${max} or less.`;
    }
    case 'invalid_value':
      return 'Choose one of the options.';
    case 'invalid_format':
      return 'This is not in the expected form.';
    case 'unrecognized_keys':
      return `Unknown fields: ${(issue.keys ?? []).join(', ')}.`;
    default:
      return undefined;
  }
}
