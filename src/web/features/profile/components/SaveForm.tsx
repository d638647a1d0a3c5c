import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { FlashMessage, type Flash } from './useFlash.js';

export interface SaveFormProps {
  /** The save button's text, e.g. "Save Account Name". */
  label: string;
  /** While the save runs: the button waits and says "Saving...". */
  pending: boolean;
  flash: Flash | null;
  onSave: () => void;
  children: ReactNode;
}

/** A profile section's form: its fields, then its message (useFlash) and its save button. */
export function SaveForm({ label, pending, flash, onSave, children }: SaveFormProps) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
      noValidate
    >
      <Stack gap="sm">
        {children}
        <FlashMessage flash={flash} />
        <Group>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : label}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
