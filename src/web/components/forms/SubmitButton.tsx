import { Button } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A form's submit button: disabled while its request runs, and saying so
 * ("Uploading..."). Only presentational: the auth pages use it too.
 */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" disabled={pending}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
