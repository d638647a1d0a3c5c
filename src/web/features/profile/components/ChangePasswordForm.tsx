import { Alert, Button, Group, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../../shared/messages.js';
import { changePasswordForm } from '../../../../shared/schemas/users.js';
import { errorMessage } from '../../../api/client.js';
import { PasswordField } from '../../../components/PasswordField.js';
import { useChangePassword } from '../api/profile.js';
import { fieldErrors } from './fieldErrors.js';
import { ProfileSection } from './ProfileSection.js';
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
  const [fields, setFields] = useState<PasswordFields>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const bind = (name: keyof PasswordFields) => ({
    name,
    value: fields[name],
    error: errors[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setFields((f) => ({ ...f, [name]: value }));
    },
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clear();
    const parsed = changePasswordForm.safeParse(fields);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      const answer = await change.mutateAsync({
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.newPassword,
      });
      setFields(empty);
      show('success', answer.message || messages.passwordChanged);
    } catch (err) {
      show('error', errorMessage(err, messages.passwordChangeFailed));
    }
  }

  return (
    <ProfileSection title="Change Password">
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
    </ProfileSection>
  );
}
