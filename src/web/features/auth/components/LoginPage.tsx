import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { messages } from '../../../../shared/messages.js';
import { errorMessage } from '@/lib/api/client.js';
import { AUTH_PAGES, defaultAfterLogin, paths, type LoginState } from '@/app/paths.js';
import { FormAlert } from '@/components/forms/FormAlert.js';
import { PasswordField } from '@/components/PasswordField.js';
import { RouterAnchor } from '@/components/RouterAnchor.js';
import { useLogin } from '../api/useAuth.js';
import { loadAuthSchemas, parseForm } from './authSchemas.js';
import { AuthCard } from './AuthCard.js';
import { fieldErrors } from '@/components/forms/field-errors.js';

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as LoginState;
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<Record<string, string>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const parsed = await parseForm('loginBody', { username, password }).catch(() => null);
    if (!parsed) {
      setError(messages.loginFailed);
      return;
    }
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      setInvalid(errors);
      setError(Object.values(errors)[0] ?? messages.loginFailed);
      return;
    }
    setInvalid({});
    try {
      const status = await login.mutateAsync(parsed.data);
      if (!status.authenticated || !status.user) {
        setError(messages.loginNoSession);
        return;
      }
      const from = state.from;
      const target = from && !AUTH_PAGES.has(from.pathname) ? from : defaultAfterLogin;
      await navigate(target, { replace: true });
    } catch (err) {
      setError(errorMessage(err, messages.loginFailed));
    }
  }

  return (
    <AuthCard title="Login">
      <form onSubmit={(e) => void onSubmit(e)} onFocus={() => void loadAuthSchemas()} noValidate>
        <Stack>
          <FormAlert tone="info">{error ? null : state.message}</FormAlert>
          <FormAlert>{error}</FormAlert>
          <TextInput
            label="Username"
            name="username"
            autoComplete="username"
            required
            error={Boolean(invalid.username)}
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            error={Boolean(invalid.password)}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Group justify="space-between">
            <RouterAnchor to={paths.forgotPassword} size="sm">
              Forgot password?
            </RouterAnchor>
            <Button type="submit" loading={login.isPending}>
              Log In
            </Button>
          </Group>
          <Text size="sm" ta="center">
            No account yet?{' '}
            <RouterAnchor to={paths.register} size="sm">
              Register
            </RouterAnchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
