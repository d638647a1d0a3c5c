import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useId } from 'react';

/**
 * Mantine's PasswordInput does not tie its error text to the input for
 * assistive technology; this sets aria-invalid and aria-describedby.
 */
export function PasswordField({ id, error, description, ...rest }: PasswordInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const describedBy = [
    error ? `${inputId}-error` : null,
    description ? `${inputId}-description` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <PasswordInput
      id={inputId}
      error={error}
      description={description}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
      {...rest}
    />
  );
}
