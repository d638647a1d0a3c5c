import { useForm } from '@mantine/form';
import { useId, useRef } from 'react';
import type { z } from 'zod';
import { fieldErrors } from './field-errors.js';

/** A field as `bind(name)` wires it: spread on an input, or passed to a component that does. */
export interface BoundField {
  id: string;
  name: string;
  value: string;
  /** Takes the input's change event, or the new value itself. */
  onChange: (valueOrEvent: unknown) => void;
  error: string | undefined;
}

/**
 * A form's fields in @mantine/form, checked with the shared zod schema that
 * the API runs too (src/shared/schemas): `bind(name)` wires an input,
 * `validate()` returns the parsed values, or shows each field's first message
 * (form-wide ones under '') and returns null, with the focus on the first
 * field that has one. A field's message goes when the field is edited.
 */
export function useSchemaForm<F extends { [K in keyof F]: string }, S extends z.ZodType>(
  schema: S,
  initial: F | (() => F),
  /** Each change of the values, for a draft kept outside the form (it outlives it). */
  onValuesChange?: (values: F) => void,
) {
  const parsed = useRef<z.output<S> | null>(null);
  const idPrefix = useId();
  const idOf = (name: string) => `${idPrefix}-${name}`;
  const form = useForm<F>({
    mode: 'controlled',
    initialValues: typeof initial === 'function' ? initial() : initial,
    ...(onValuesChange ? { onValuesChange } : {}),
    validate: (values) => {
      const result = schema.safeParse(values);
      parsed.current = result.success ? result.data : null;
      return result.success ? {} : fieldErrors(result.error);
    },
  });

  const bind = (name: keyof F & string): BoundField => {
    const { value, onChange, error } = form.getInputProps(name);
    return {
      id: idOf(name),
      name,
      value: value as string,
      onChange: onChange as BoundField['onChange'],
      error: error as string | undefined,
    };
  };

  function validate(): z.output<S> | null {
    const { hasErrors, errors } = form.validate();
    if (!hasErrors) return parsed.current;
    // In the fields' order; a field that is not bound (or the form-wide '') has no element.
    const first = Object.keys(form.values).find((name) => errors[name]);
    if (first) document.getElementById(idOf(first))?.focus();
    return null;
  }

  return {
    fields: form.values,
    setFields: (values: F) => form.setValues(values),
    errors: form.errors as Record<string, string | undefined>,
    /** Shows a message the schema cannot know (e.g. a name equal to the current one). */
    setError: (name: keyof F & string, message: string) => form.setFieldError(name, message),
    bind,
    validate,
  };
}
