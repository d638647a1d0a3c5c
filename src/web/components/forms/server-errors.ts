import { useEffect } from 'react';
import type { ErrorCode } from '../../../shared/error-codes.js';
import { ApiError, errorMessage } from '@/lib/api/client.js';

/**
 * The fields a refused request names, with their first message: the `issues`
 * of a 400 (`body.eventName` is the field `eventName`; an issue of the whole
 * body goes under ''), and an answer whose code stands for one field
 * (`byCode`, e.g. an upload's `file_missing`).
 */
export function serverFieldErrors(
  error: unknown,
  byCode: Partial<Record<ErrorCode, string>> = {},
): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const result: Record<string, string> = {};
  for (const { path, message } of error.issues ?? []) {
    const [where, field = ''] = path.split('.');
    if (where === 'body') result[field] ??= message;
  }
  const field = error.code && byCode[error.code];
  if (field) result[field] ??= error.message;
  return result;
}

/**
 * Shows a refused request's field errors on the fields of a `useSchemaForm`
 * form; true when a field got one (else the caller shows the failure as a
 * whole).
 */
export function showServerErrors<F extends object>(
  form: { fields: F; setError: (name: keyof F & string, message: string) => void },
  error: unknown,
  byCode: Partial<Record<ErrorCode, keyof F & string>> = {},
): boolean {
  let shown = false;
  for (const [name, message] of Object.entries(serverFieldErrors(error, byCode))) {
    if (name && name in form.fields) {
      form.setError(name as keyof F & string, message);
      shown = true;
    }
  }
  return shown;
}

/**
 * For a dialog whose parent sends the request and hands back its failure:
 * puts the failure's field errors on the form's fields (once per failure) and
 * returns the text to show above the fields, or null when a field shows it
 * (or nothing failed).
 */
export function useServerErrors<F extends object>(
  form: { fields: F; setError: (name: keyof F & string, message: string) => void },
  error: unknown,
  fallback: string,
  byCode: Partial<Record<ErrorCode, keyof F & string>> = {},
): string | null {
  const onFields = Object.keys(serverFieldErrors(error, byCode)).some(
    (name) => name !== '' && name in form.fields,
  );
  useEffect(() => {
    if (error) showServerErrors(form, error, byCode);
    // Once per failure: the form and the code map are new objects on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
  return error && !onFields ? errorMessage(error, fallback) : null;
}
