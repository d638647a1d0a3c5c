import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { BusyModal } from '@/components/BusyModal.js';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../../shared/messages.js';
import { createAccountBody } from '../../../../shared/schemas/accounts.js';
import { errorMessage } from '@/lib/api/client.js';
import {
  useAccounts,
  useAssignAndApprove,
  useCreateAccount,
  type AccountSummary,
  type PendingUser,
} from '../api/users.js';
import { AccountChoice } from './AccountChoice.js';

import type { Mode } from './AccountChoice.js';

export interface ApproveUserModalProps {
  user: PendingUser;
  onClose: () => void;
  /** After the approval, before the dialog closes: e.g. to move focus to the result. */
  onApproved?: (user: PendingUser) => void;
}

/**
 * Approve a registration (SPEC §4): the user joins an existing account or a
 * new one created here. The calls run in order: POST /api/account (new only),
 * PUT assign-account, PATCH approve. An account created before a later step
 * failed is kept selected, so trying again does not create it twice.
 */
export function ApproveUserModal({ user, onClose, onApproved }: ApproveUserModalProps) {
  const accounts = useAccounts();
  const createAccount = useCreateAccount();
  const assignAndApprove = useAssignAndApprove();

  const [chosenMode, setMode] = useState<Mode | null>(null);
  const [accountId, setAccountId] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [created, setCreated] = useState<AccountSummary | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const busy = createAccount.isPending || assignAndApprove.isPending;
  // With no account at all yet, creating one is the only choice that makes sense.
  const mode: Mode = chosenMode ?? (accounts.data?.length === 0 ? 'new' : 'existing');

  const known: AccountSummary[] = accounts.data ?? [];
  const options = created && !known.some((a) => a.id === created.id) ? [...known, created] : known;
  const selectData = [...options]
    .sort((a, b) => a.accountName.localeCompare(b.accountName))
    .map((a) => ({ value: String(a.id), label: a.accountName }));

  function changeMode(value: string) {
    setMode(value === 'new' ? 'new' : 'existing');
    setFieldError(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(null);

    let target: AccountSummary | undefined;
    if (mode === 'new') {
      const parsed = createAccountBody.safeParse({ accountName: newName });
      if (!parsed.success) {
        setFieldError(parsed.error.issues[0]?.message ?? messages.newAccountNameRequired);
        return;
      }
      setFieldError(null);
      try {
        target = await createAccount.mutateAsync(parsed.data.accountName);
      } catch (err) {
        setError(errorMessage(err, messages.adminActionFailed));
        return;
      }
      // From here on the account exists: a retry assigns it instead of creating it again.
      setCreated(target);
      setMode('existing');
      setAccountId(String(target.id));
      setNewName('');
    } else {
      target = options.find((a) => String(a.id) === accountId);
      if (!target) {
        setFieldError(messages.accountMustBeSelected);
        return;
      }
      setFieldError(null);
    }

    try {
      await assignAndApprove.mutateAsync({ userId: user.id, accountId: target.id });
    } catch (err) {
      setError(errorMessage(err, messages.adminActionFailed));
      return;
    }
    notifications.show({
      color: 'green',
      title: 'Registrations',
      message: `${messages.userApproved} ${user.username} now belongs to the account "${target.accountName}".`,
    });
    onApproved?.(user);
    onClose();
  }

  return (
    <BusyModal busy={busy} onClose={onClose} title="Approve registration">
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack>
          <Text>
            Approve <strong>{user.username}</strong> and add them to the account of their church.
          </Text>
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <AccountChoice
            mode={mode}
            onModeChange={changeMode}
            accounts={accounts}
            options={selectData}
            accountId={accountId}
            onAccountChange={(value) => {
              setAccountId(value);
              setFieldError(null);
            }}
            newName={newName}
            onNewNameChange={(value) => {
              setNewName(value);
              setFieldError(null);
            }}
            busy={busy}
            waiting={accounts.isPending && !created}
            fieldError={fieldError}
          />

          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Back
            </Button>
            <Button type="submit" color="green" loading={busy}>
              Approve user
            </Button>
          </Group>
        </Stack>
      </form>
    </BusyModal>
  );
}
