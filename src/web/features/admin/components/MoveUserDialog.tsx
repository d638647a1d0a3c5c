import { Modal, Select, Stack, Text } from '@mantine/core';
import type { FormEvent } from 'react';
import { messages } from '../../../../shared/messages.js';
import { updateUserBody } from '../../../../shared/schemas/directory.js';
import { z } from '../../../../shared/schemas/zod.js';
import { DialogButtons } from '@/components/forms/DialogButtons.js';
import { FormAlert } from '@/components/forms/FormAlert.js';
import { useServerErrors } from '@/components/forms/server-errors.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import { useChurches } from '../api/accounts.js';
import type { DirectoryUser } from '../api/users.js';
import { ChurchesLoadError } from './ChurchesLoadError.js';
import type { UserActionsState } from './useUserActions.js';

export const chooseChurch = 'Choose the church to move the user to.';

/** The church chosen (its id as the select gives it): one of those offered, as PATCH /api/users/{id} takes it. */
const moveForm = (offered: readonly string[]) =>
  z.object({
    accountId: z
      .string()
      .refine((id) => offered.includes(id), chooseChurch)
      .transform(Number)
      .pipe(updateUserBody.shape.accountId.unwrap()),
  });

/** Move a user to another church (PATCH /api/users/{id} {accountId}). */
export function MoveUserDialog({
  user,
  actions,
}: {
  user: DirectoryUser;
  actions: UserActionsState;
}) {
  const churches = useChurches();
  const { busy, error } = actions;

  const others = (churches.data ?? []).filter((c) => c.id !== user.accountId);
  const data = others.map((c) => ({ value: String(c.id), label: c.accountName }));
  const form = useSchemaForm(moveForm(data.map((c) => c.value)), { accountId: '' });
  const church = form.bind('accountId');
  // A church deleted meanwhile is refused on the field; anything else above it.
  const failure = useServerErrors(form, error, messages.adminActionFailed, {
    account_not_found: 'accountId',
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = form.validate();
    const target = others.find((c) => c.id === chosen?.accountId);
    if (!target) return;
    void actions.apply(
      { id: user.id, accountId: target.id },
      () => `${user.username} now belongs to ${target.accountName}.`,
    );
  }

  return (
    <Modal
      opened
      onClose={actions.close}
      title="Move to church"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text style={{ overflowWrap: 'anywhere' }}>
            Move <strong>{user.username}</strong>{' '}
            {user.accountName ? `from ${user.accountName} ` : ''}to another church.
          </Text>
          <FormAlert>{failure}</FormAlert>
          <ChurchesLoadError churches={churches} />
          <Select
            label="Church"
            placeholder={churches.isPending ? 'Loading churches...' : 'Choose a church'}
            data={data}
            id={church.id}
            value={church.value || null}
            onChange={(value) => church.onChange(value ?? '')}
            searchable
            nothingFoundMessage="No church with that name"
            disabled={busy || churches.isPending}
            error={church.error}
          />
          <DialogButtons busy={busy} onBack={actions.close}>
            Move
          </DialogButtons>
        </Stack>
      </form>
    </Modal>
  );
}
