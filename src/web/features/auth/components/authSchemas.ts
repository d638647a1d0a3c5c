import type { z } from 'zod';

type Schemas = typeof import('../../../../shared/schemas/auth.js');
type FormName = 'loginBody' | 'registerForm' | 'forgotPasswordBody' | 'resetPasswordForm';

let schemas: Promise<Schemas> | undefined;

/**
 * The auth forms' checks (src/shared/schemas/auth.ts, the same the API runs)
 * and zod under them are a chunk of their own, fetched when a form is first
 * focused or submitted instead of with the page: zod alone is some 25 KB of
 * gzip JavaScript, which the login page cannot afford within the first page's
 * budget (scripts/check-bundle.mjs). A failed fetch is tried again next time.
 */
export function loadAuthSchemas(): Promise<Schemas> {
  const loading = (schemas ??= import('../../../../shared/schemas/auth.js'));
  loading.catch(() => {
    if (schemas === loading) schemas = undefined;
  });
  return loading;
}

/** `safeParse` of the named schema; rejects only when the schemas could not be fetched. */
export async function parseForm<K extends FormName>(
  name: K,
  values: unknown,
): Promise<z.ZodSafeParseResult<z.output<Schemas[K]>>> {
  const schema: z.ZodType = (await loadAuthSchemas())[name];
  return schema.safeParse(values) as z.ZodSafeParseResult<z.output<Schemas[K]>>;
}
