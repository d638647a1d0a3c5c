import { Alert, Group, Stack } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../../../shared/messages.js';
import { errorMessage } from '@/lib/api/client.js';
import { paths } from '@/app/paths.js';
import { FormAlert } from '@/components/forms/FormAlert.js';
import { SubmitButton } from '@/components/forms/SubmitButton.js';
import { PasswordField } from '@/components/PasswordField.js';
import { RouterAnchor } from '@/components/RouterAnchor.js';
import { useResetPassword } from '../api/useAuth.js';
import { loadAuthSchemas, parseForm } from './authSchemas.js';
import { AuthCard } from './AuthCard.js';
import { fieldErrors } from '@/components/forms/field-errors.js';

/** After a successful reset the user is sent to login after this delay (docs/product.md §9). */
export const RESET_REDIRECT_MS = 3000;

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const username = params.get('username') ?? '';
  const paramsValid = token !== '' && username.trim() !== '';

  const navigate = useNavigate();
  const reset = useResetPassword();
  const [values, setValues] = useState({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  useEffect(() => {
    if (success === null) return;
    const timer = setTimeout(() => void navigate(paths.login), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [success, navigate]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!paramsValid) {
      setError(messages.resetMissingParams);
      return;
    }
    const parsed = await parseForm('resetPasswordForm', values).catch(() => null);
    if (!parsed) {
      setError(messages.resetFailure);
      return;
    }
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      const answer = await reset.mutateAsync({
        token,
        username,
        newPassword: parsed.data.newPassword,
      });
      setSuccess(answer.message || messages.resetSuccess);
    } catch (err) {
      setError(errorMessage(err, messages.resetFailure));
    }
  }

  if (success !== null) {
    return (
      <AuthCard title="Reset Password">
        <Stack>
          <FormAlert tone="success">{success}</FormAlert>
          <RouterAnchor to={paths.login}>{messages.proceedToLogin}</RouterAnchor>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset Password">
      <form onSubmit={(e) => void onSubmit(e)} onFocus={() => void loadAuthSchemas()} noValidate>
        <Stack>
          {!paramsValid ? (
            <Alert color="yellow" role="status">
              {messages.resetInvalidParams}
              <Group gap="md" mt="xs">
                <RouterAnchor to={paths.forgotPassword}>{messages.requestNewLink}</RouterAnchor>
                <RouterAnchor to={paths.login}>{messages.backToLogin}</RouterAnchor>
              </Group>
            </Alert>
          ) : null}
          <FormAlert>{error}</FormAlert>
          <PasswordField
            label="New password"
            name="newPassword"
            autoComplete="new-password"
            required
            value={values.newPassword}
            error={errors.newPassword}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setValues((v) => ({ ...v, newPassword: value }));
            }}
          />
          <PasswordField
            label="Confirm new password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            value={values.confirmPassword}
            error={errors.confirmPassword}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setValues((v) => ({ ...v, confirmPassword: value }));
            }}
          />
          <SubmitButton pending={reset.isPending} pendingLabel={messages.resettingPassword}>
            {messages.resetPassword}
          </SubmitButton>
          {paramsValid ? (
            <RouterAnchor to={paths.login}>{messages.backToLogin}</RouterAnchor>
          ) : null}
        </Stack>
      </form>
    </AuthCard>
  );
}
