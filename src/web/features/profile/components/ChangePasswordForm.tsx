import { Alert } from '@mantine/core';
import { messages } from '../../../../shared/messages.js';
import { changePasswordForm } from '../../../../shared/schemas/users.js';
import { PasswordField } from '@/components/PasswordField.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import { TitledSection } from '@/components/TitledSection.js';
import { useChangePassword } from '../api/profile.js';
import { SaveForm } from './SaveForm.js';
import { useFlash } from './useFlash.js';

interface PasswordFields {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const empty: PasswordFields = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password: the three checks of docs/product.md §5 in order, then the server's answer. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const { flash, save } = useFlash();
  const { setFields, errors, validate, bind } = useSchemaForm(changePasswordForm, empty);

  const onSave = () =>
    void save(async () => {
      const data = validate();
      if (!data) return;
      const answer = await change.mutateAsync({
        currentPassword: data.currentPassword,
        newPassword: data.newPassword,
      });
      setFields(empty);
      return answer.message || messages.passwordChanged;
    }, messages.passwordChangeFailed);

  return (
    <TitledSection title="Change Password">
      <SaveForm label="Change Password" pending={change.isPending} flash={flash} onSave={onSave}>
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
      </SaveForm>
    </TitledSection>
  );
}
