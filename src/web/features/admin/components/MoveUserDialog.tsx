import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { LoadErrorAlert } from '@/components/LoadErrorAlert.js';
import { useChurches } from '../api/accounts.js';
import type { DirectoryUser } from '../api/users.js';
import { churchesFailed } from './ChurchFilter.js';
import type { UserActionsState } from './useUserActions.js';

export const chooseChurch = 'Choose the church to move the user to.';

/** Move a user to another church (PATCH /api/users/{id} {accountId}). */
export function MoveUserDialog({
  user,
  actions,
}: {
  user: DirectoryUser;
  actions: UserActionsState;
}) {
  const churches = useChurches();
  const [accountId, setAccountId] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { busy, error } = actions;

  const others = (churches.data ?? []).filter((c) => c.id !== user.accountId);
  const data = others.map((c) => ({ value: String(c.id), label: c.accountName }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = others.find((c) => String(c.id) === accountId);
    if (!target) {
      setFieldError(chooseChurch);
      return;
    }
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
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          {churches.isError ? (
            <LoadErrorAlert
              message={churchesFailed}
              retrying={churches.isFetching}
              onRetry={() => void churches.refetch()}
            />
          ) : null}
          <Select
            label="Church"
            placeholder={churches.isPending ? 'Loading churches...' : 'Choose a church'}
            data={data}
            value={accountId}
            onChange={(value) => {
              setAccountId(value);
              setFieldError(null);
            }}
            searchable
            nothingFoundMessage="No church with that name"
            disabled={busy || churches.isPending}
            error={fieldError}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={actions.close} disabled={busy}>
              Back
            </Button>
            <Button type="submit" loading={busy}>
              Move
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
