import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../../shared/messages.js';
import { changeUsernameBody } from '../../../../shared/schemas/users.js';
import { errorMessage } from '@/lib/api/client.js';
import { useChangeUsername } from '../api/profile.js';
import { fieldErrors } from './fieldErrors.js';
import { ProfileSection } from './ProfileSection.js';
import { FlashMessage, useFlash } from './useFlash.js';

/** Change username: not empty, and different from the current one (SPEC §5). */
export function ChangeUsernameForm({ currentUsername }: { currentUsername: string }) {
  const change = useChangeUsername();
  const { flash, show, clear } = useFlash();
  const [newUsername, setNewUsername] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clear();
    const parsed = changeUsernameBody.safeParse({ newUsername });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).newUsername ?? messages.usernameEmpty);
      return;
    }
    if (parsed.data.newUsername === currentUsername) {
      setError(messages.usernameSame);
      return;
    }
    setError(undefined);
    try {
      const answer = await change.mutateAsync(parsed.data.newUsername);
      setNewUsername('');
      show('success', answer.message || messages.usernameChanged);
    } catch (err) {
      show('error', errorMessage(err, messages.usernameChangeFailed));
    }
  }

  return (
    <ProfileSection title="Change Username">
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
            name="newUsername"
            required
            autoComplete="username"
            value={newUsername}
            error={error}
            onChange={(e) => setNewUsername(e.currentTarget.value)}
          />
          <FlashMessage flash={flash} />
          <Group>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Saving...' : 'Change Username'}
            </Button>
          </Group>
        </Stack>
      </form>
    </ProfileSection>
  );
}
