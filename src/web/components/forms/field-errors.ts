import type { z } from 'zod';

/** The first message per top-level field of a failed parse ('' for form-wide issues). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '';
    result[key] ??= issue.message;
  }
  return result;
}
