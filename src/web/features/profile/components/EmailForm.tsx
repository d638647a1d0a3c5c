import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { myEmailBody } from '../../../../shared/schemas/mail.js';
import { errorMessage } from '@/lib/api/client.js';
import { useSetMyEmail } from '@/lib/api/session.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import { TitledSection } from '@/components/TitledSection.js';
import { FlashMessage, useFlash } from './useFlash.js';

export const emailSaveFailed = 'Could not save your email address.';

/**
 * The user's own email address: where the house's mails to them go (password
 * resets, reservation updates; docs/mail.md). An empty field clears it.
 */
export function EmailForm({ currentEmail }: { currentEmail: string | null }) {
  const change = useSetMyEmail();
  const { flash, show, clear } = useFlash();
  const { setFields, validate, bind } = useSchemaForm(myEmailBody, { email: currentEmail ?? '' });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clear();
    const data = validate();
    if (!data) return;
    try {
      const answer = await change.mutateAsync(data.email);
      setFields({ email: answer.user.email ?? '' });
      show('success', answer.message);
    } catch (err) {
      show('error', errorMessage(err, emailSaveFailed));
    }
  }

  return (
    <TitledSection title="Email address">
      <Text>
        The house mails you here about your registration, your reservations and password resets.
        Leave the field empty to get no mail.
      </Text>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          <TextInput label="Email address" type="email" autoComplete="email" {...bind('email')} />
          <FlashMessage flash={flash} />
          <Group>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Saving...' : 'Save Email Address'}
            </Button>
          </Group>
        </Stack>
      </form>
    </TitledSection>
  );
}
