import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The buttons of a dialog's form, at its end: going back without a change,
 * and the submit; while the action runs the first waits and the second spins.
 */
export function DialogButtons({
  busy,
  onBack,
  backLabel = 'Back',
  color,
  focusBack = false,
  children,
}: {
  busy: boolean;
  onBack: () => void;
  backLabel?: string;
  /** The submit's colour, e.g. 'red' for an action that cannot be undone. */
  color?: string;
  /** The dialog opens on going back: for a question whose safe answer is no. */
  focusBack?: boolean;
  /** The submit's text. */
  children: ReactNode;
}) {
  return (
    <Group justify="flex-end">
      <Button
        variant="default"
        onClick={onBack}
        disabled={busy}
        data-autofocus={focusBack || undefined}
      >
        {backLabel}
      </Button>
      <Button type="submit" color={color} loading={busy}>
        {children}
      </Button>
    </Group>
  );
}
