import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

const tones = {
  /** A failure: red, announced at once. */
  error: { color: 'red', role: 'alert' },
  /** An outcome: announced when the reader is free. */
  success: { color: 'teal', role: 'status' },
  /** A note the page was opened with (e.g. "Please log in"). */
  info: { color: 'blue', role: 'status' },
} as const;

/**
 * A form's message above or below its fields; nothing while there is no text.
 * Only presentational (no zod, no @mantine/form): the auth pages use it too.
 */
export function FormAlert({
  tone = 'error',
  children,
}: {
  tone?: keyof typeof tones;
  children: ReactNode;
}) {
  if (children === null || children === undefined || children === false || children === '')
    return null;
  const { color, role } = tones[tone];
  return (
    <Alert color={color} role={role}>
      {children}
    </Alert>
  );
}
