import { useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from './fieldErrors.js';

/**
 * The text fields of one profile form, checked with the shared schema that
 * the server uses too: `bind(name)` wires an input, `validate()` returns the
 * parsed values or shows each field's first message and returns null.
 */
export function useSchemaForm<F extends { [K in keyof F]: string }, S extends z.ZodType>(
  schema: S,
  initial: F | (() => F),
) {
  const [fields, setFields] = useState<F>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const bind = (name: keyof F & string) => ({
    name,
    value: fields[name],
    error: errors[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setFields((f) => ({ ...f, [name]: value }));
    },
  });

  function validate(): z.output<S> | null {
    const parsed = schema.safeParse(fields);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return null;
    }
    setErrors({});
    return parsed.data;
  }

  return { fields, setFields, errors, bind, validate };
}
