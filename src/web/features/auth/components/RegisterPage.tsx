import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { messages } from '../../../../shared/messages.js';
import { errorMessage } from '@/lib/api/client.js';
import { paths } from '@/app/paths.js';
import { PasswordField } from '@/components/PasswordField.js';
import { RouterAnchor } from '@/components/RouterAnchor.js';
import { useAuth, useRegister } from '../api/useAuth.js';
import { loadAuthSchemas, parseForm } from './authSchemas.js';
import { AuthCard } from './AuthCard.js';
import { fieldErrors } from '@/components/forms/field-errors.js';

const emptyForm = { username: '', email: '', password: '', confirmPassword: '' };

export function RegisterPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const register = useRegister();
  const [values, setValues] = useState(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  if (auth.isAuthenticated) return <Navigate to={paths.home} replace />;

  const field = (name: keyof typeof emptyForm) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
    },
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const parsed = await parseForm('registerForm', values).catch(() => null);
    if (!parsed) {
      setError(messages.registrationError);
      return;
    }
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    const { username, password, email } = parsed.data;
    try {
      const answer = await register.mutateAsync(
        email ? { username, password, email } : { username, password },
      );
      notifications.show({
        color: 'teal',
        title: 'Registration',
        message: answer.message || messages.registrationPending,
      });
      await navigate(paths.login);
    } catch (err) {
      setError(errorMessage(err, messages.registrationError));
    }
  }

  return (
    <AuthCard title="Register">
      <form onSubmit={(e) => void onSubmit(e)} onFocus={() => void loadAuthSchemas()} noValidate>
        <Stack>
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <TextInput label="Username" autoComplete="username" required {...field('username')} />
          <TextInput
            label="Email (optional)"
            description="Used only to send you a password reset link."
            type="email"
            autoComplete="email"
            {...field('email')}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            required
            {...field('password')}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            required
            {...field('confirmPassword')}
          />
          <Button type="submit" loading={register.isPending}>
            Register
          </Button>
          <Text size="sm" ta="center">
            Already registered? <RouterAnchor to={paths.login}>Log in</RouterAnchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
