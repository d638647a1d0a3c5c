import { Button, Group, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import type { BoundField } from '@/components/forms/useSchemaForm.js';

/**
 * One email address and its button on a line (wrapping on a phone): the
 * dashboard's own-address warning and the Mail screen's test mail.
 */
export function EmailAddressForm({
  label,
  field,
  busy,
  onSubmit,
  children,
}: {
  label: string;
  /** The field as `useSchemaForm`'s `bind` gives it. */
  field: BoundField;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** The button's text. */
  children: string;
}) {
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Group align="flex-start" gap="sm">
        <TextInput label={label} type="email" autoComplete="email" required {...field} miw={260} />
        <Button type="submit" loading={busy} mt={25}>
          {children}
        </Button>
      </Group>
    </form>
  );
}
