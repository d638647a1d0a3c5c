import { Alert, Button, Group, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { messages } from '../../../../shared/messages.js';
import { changePasswordForm } from '../../../../shared/schemas/users.js';
import { errorMessage } from '@/lib/api/client.js';
import { PasswordField } from '@/components/PasswordField.js';
import { useChangePassword } from '../api/profile.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import { TitledSection } from '@/components/TitledSection.js';
import { FlashMessage, useFlash } from './useFlash.js';

interface PasswordFields {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const empty: PasswordFields = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password: the three checks of SPEC §5 in order, then the server's answer. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const { flash, show, clear } = useFlash();
  const { setFields, errors, validate, bind } = useSchemaForm(changePasswordForm, empty);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clear();
    const data = validate();
    if (!data) return;
    try {
      const answer = await change.mutateAsync({
        currentPassword: data.currentPassword,
        newPassword: data.newPassword,
      });
      setFields(empty);
      show('success', answer.message || messages.passwordChanged);
    } catch (err) {
      show('error', errorMessage(err, messages.passwordChangeFailed));
    }
  }

  return (
    <TitledSection title="Change Password">
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          {errors[''] ? (
            <Alert color="red" role="alert">
              {errors['']}
            </Alert>
          ) : null}
          <PasswordField
            label="Current password"
            required
            autoComplete="current-password"
            {...bind('currentPassword')}
          />
          <PasswordField
            label="New password"
            required
            autoComplete="new-password"
            {...bind('newPassword')}
          />
          <PasswordField
            label="Confirm new password"
            required
            autoComplete="new-password"
            {...bind('confirmPassword')}
          />
          <FlashMessage flash={flash} />
          <Group>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Saving...' : 'Change Password'}
            </Button>
          </Group>
        </Stack>
      </form>
    </TitledSection>
  );
}
