import { Stack, Text } from '@mantine/core';
import { BusyModal } from '@/components/BusyModal.js';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../../shared/messages.js';
import { createAccountBody } from '../../../../shared/schemas/accounts.js';
import { assignAccountBody } from '../../../../shared/schemas/users.js';
import { errorMessage } from '@/lib/api/client.js';
import { DialogButtons } from '@/components/forms/DialogButtons.js';
import { FormAlert } from '@/components/forms/FormAlert.js';
import { showServerErrors } from '@/components/forms/server-errors.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
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
 * Approve a registration (docs/product.md §4): the user joins an existing account or a
 * new one created here. The calls run in order: POST /api/account (new only),
 * PUT assign-account, PATCH approve. An account created before a later step
 * failed is kept selected, so trying again does not create it twice.
 */
export function ApproveUserModal({ user, onClose, onApproved }: ApproveUserModalProps) {
  const accounts = useAccounts();
  const createAccount = useCreateAccount();
  const assignAndApprove = useAssignAndApprove();

  const [chosenMode, setMode] = useState<Mode | null>(null);
  const [created, setCreated] = useState<AccountSummary | null>(null);
  const [error, setError] = useState<string | null>(null);

  const busy = createAccount.isPending || assignAndApprove.isPending;
  // With no account at all yet, creating one is the only choice that makes sense.
  const mode: Mode = chosenMode ?? (accounts.data?.length === 0 ? 'new' : 'existing');
  // The body of the call the choice makes: POST /api/account, or PUT assign-account.
  const form = useSchemaForm(mode === 'new' ? createAccountBody : assignAccountBody, {
    accountId: '',
    accountName: '',
  });
  const { fields, setFields, errors, setError: setFieldError, validate, bind } = form;

  const known: AccountSummary[] = accounts.data ?? [];
  const options = created && !known.some((a) => a.id === created.id) ? [...known, created] : known;
  const selectData = [...options]
    .sort((a, b) => a.accountName.localeCompare(b.accountName))
    .map((a) => ({ value: String(a.id), label: a.accountName }));

  function changeMode(value: string) {
    setMode(value === 'new' ? 'new' : 'existing');
    // The other choice starts without the message of this one (new values clear the messages).
    setFields(fields);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(null);

    const data = validate();
    if (!data) return;
    /** A 400's field errors go to the field, anything else above the fields. */
    const fail = (err: unknown) => {
      if (!showServerErrors(form, err)) setError(errorMessage(err, messages.adminActionFailed));
    };

    let target: AccountSummary | undefined;
    if ('accountName' in data) {
      try {
        target = await createAccount.mutateAsync(data.accountName);
      } catch (err) {
        fail(err);
        return;
      }
      // From here on the account exists: a retry assigns it instead of creating it again.
      setCreated(target);
      setMode('existing');
      setFields({ accountId: String(target.id), accountName: '' });
    } else {
      target = options.find((a) => a.id === data.accountId);
      if (!target) {
        setFieldError('accountId', messages.accountMustBeSelected);
        return;
      }
    }

    try {
      await assignAndApprove.mutateAsync({ userId: user.id, accountId: target.id });
    } catch (err) {
      fail(err);
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
          <FormAlert>{error}</FormAlert>
          <AccountChoice
            mode={mode}
            onModeChange={changeMode}
            accounts={accounts}
            options={selectData}
            accountId={fields.accountId || null}
            onAccountChange={(value) => bind('accountId').onChange(value ?? '')}
            newName={fields.accountName}
            onNewNameChange={(value) => bind('accountName').onChange(value)}
            busy={busy}
            waiting={accounts.isPending && !created}
            fieldError={(mode === 'new' ? errors.accountName : errors.accountId) ?? null}
          />

          <DialogButtons busy={busy} onBack={onClose} color="green">
            Approve user
          </DialogButtons>
        </Stack>
      </form>
    </BusyModal>
  );
}
