import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { messages } from '../../../../shared/messages.js';
import { changeUsernameBody } from '../../../../shared/schemas/users.js';
import { errorMessage } from '@/lib/api/client.js';
import { useChangeUsername } from '../api/profile.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import { TitledSection } from '@/components/TitledSection.js';
import { FlashMessage, useFlash } from './useFlash.js';

/** Change username: not empty, and different from the current one (SPEC §5). */
export function ChangeUsernameForm({ currentUsername }: { currentUsername: string }) {
  const change = useChangeUsername();
  const { flash, show, clear } = useFlash();
  const { setFields, setError, validate, bind } = useSchemaForm(changeUsernameBody, {
    newUsername: '',
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clear();
    const data = validate();
    if (!data) return;
    if (data.newUsername === currentUsername) {
      setError('newUsername', messages.usernameSame);
      return;
    }
    try {
      const answer = await change.mutateAsync(data.newUsername);
      setFields({ newUsername: '' });
      show('success', answer.message || messages.usernameChanged);
    } catch (err) {
      show('error', errorMessage(err, messages.usernameChangeFailed));
    }
  }

  return (
    <TitledSection title="Change Username">
      <Text>
        Current username:{' '}
        <Text span fw={600}>
          {currentUsername}
        </Text>
      </Text>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          <TextInput
            label="New username"
            required
            autoComplete="username"
            {...bind('newUsername')}
          />
          <FlashMessage flash={flash} />
          <Group>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Saving...' : 'Change Username'}
            </Button>
          </Group>
        </Stack>
      </form>
    </TitledSection>
  );
}
