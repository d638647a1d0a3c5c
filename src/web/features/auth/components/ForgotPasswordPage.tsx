import { Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../../shared/messages.js';
import { paths } from '@/app/paths.js';
import { FormAlert } from '@/components/forms/FormAlert.js';
import { SubmitButton } from '@/components/forms/SubmitButton.js';
import { RouterAnchor } from '@/components/RouterAnchor.js';
import { useForgotPassword } from '../api/useAuth.js';
import { loadAuthSchemas, parseForm } from './authSchemas.js';
import { AuthCard } from './AuthCard.js';
import { fieldErrors } from '@/components/forms/field-errors.js';

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [username, setUsername] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    const parsed = await parseForm('forgotPasswordBody', { username }).catch(() => null);
    if (!parsed) {
      setResult({ ok: false, text: messages.forgotFailure });
      return;
    }
    if (!parsed.success) {
      setFieldError(fieldErrors(parsed.error).username ?? messages.usernameRequired);
      return;
    }
    setFieldError(undefined);
    try {
      const answer = await forgot.mutateAsync(parsed.data);
      setResult({ ok: true, text: answer.message || messages.forgotSuccess });
    } catch {
      // The answer must not reveal whether the account exists: one text for every failure.
      setResult({ ok: false, text: messages.forgotFailure });
    }
  }

  return (
    <AuthCard title="Forgot Password">
      <form onSubmit={(e) => void onSubmit(e)} onFocus={() => void loadAuthSchemas()} noValidate>
        <Stack>
          <Text>
            Enter your username. If your account has a recovery email, we will send you a reset
            link.
          </Text>
          <FormAlert tone={result?.ok ? 'success' : 'error'}>{result?.text}</FormAlert>
          <TextInput
            label="Username"
            name="username"
            autoComplete="username"
            required
            value={username}
            error={fieldError}
            onChange={(e) => setUsername(e.currentTarget.value)}
          />
          <SubmitButton pending={forgot.isPending} pendingLabel={messages.sendingLink}>
            {messages.sendResetLink}
          </SubmitButton>
          <Text size="sm" ta="center">
            <RouterAnchor to={paths.login}>{messages.backToLogin}</RouterAnchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
