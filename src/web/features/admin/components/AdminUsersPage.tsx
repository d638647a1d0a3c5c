import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { datePart } from '../../../../shared/dates.js';
import { messages } from '../../../../shared/messages.js';
import { errorMessage } from '../../../api/client.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { usePendingUsers, useRejectUser, type PendingUser } from '../api/users.js';
import { ApproveUserModal } from './ApproveUserModal.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog.js';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert.js';

type Dialog = { kind: 'approve' | 'reject'; user: PendingUser } | null;

const noPendingUsers = 'No registrations are waiting for approval.';

/** Users (SPEC §2, §4): the registrations waiting for approval, approved or rejected here. */
export function UsersPage() {
  const pending = usePendingUsers();
  const rejectUser = useRejectUser();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  function reject(user: PendingUser) {
    rejectUser.mutate(user.id, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: 'Registrations',
          message: `Rejected and removed ${user.username}.`,
        }),
      onError: (err) =>
        notifications.show({
          color: 'red',
          title: 'Registrations',
          message: `Failed to reject user ${user.id}: ${errorMessage(err, messages.adminActionFailed)}`,
        }),
      onSettled: close,
    });
  }

  const users = pending.data ?? [];

  return (
    <>
      <PageTitle>Users</PageTitle>
      <Stack>
        <Text>
          Registrations waiting for approval. Approving adds the user to an existing or a new
          account; rejecting deletes the registration.
        </Text>

        {pending.isError ? (
          <LoadErrorAlert
            message={messages.pendingUsersFailed}
            retrying={pending.isFetching}
            onRetry={() => void pending.refetch()}
          />
        ) : null}

        {pending.isPending ? <CenteredLoader label="Loading registrations..." /> : null}

        {pending.data && users.length === 0 ? <Text>{noPendingUsers}</Text> : null}

        {users.length > 0 ? (
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover captionSide="top" verticalSpacing="sm">
              <Table.Caption>Pending registrations, oldest first</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Username</Table.Th>
                  <Table.Th scope="col">Email</Table.Th>
                  <Table.Th scope="col">Registered</Table.Th>
                  <Table.Th scope="col" w={190}>
                    Actions
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.map((u) => {
                  const busy = rejectUser.isPending && rejectUser.variables === u.id;
                  return (
                    <Table.Tr key={u.id}>
                      <Table.Td>
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {u.username}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{u.email || '—'}</Table.Td>
                      <Table.Td>
                        <time dateTime={u.createdAt}>{datePart(u.createdAt)}</time>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="wrap">
                          <Button
                            size="xs"
                            color="green"
                            aria-label={`Approve ${u.username}`}
                            onClick={() => setDialog({ kind: 'approve', user: u })}
                            disabled={busy}
                          >
                            Approve
                          </Button>
                          <Button
                            size="xs"
                            color="red"
                            variant="light"
                            aria-label={`Reject ${u.username}`}
                            onClick={() => setDialog({ kind: 'reject', user: u })}
                            disabled={busy}
                          >
                            Reject
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Stack>

      {dialog?.kind === 'approve' ? <ApproveUserModal user={dialog.user} onClose={close} /> : null}
      {dialog?.kind === 'reject' ? (
        <ConfirmDialog
          opened
          title="Reject registration"
          confirmLabel="Reject user"
          cancelLabel="Keep registration"
          busy={rejectUser.isPending}
          onConfirm={() => reject(dialog.user)}
          onCancel={close}
          confirmColor="red"
          message={
            <Stack gap="xs" mb="lg">
              <Text>
                Reject the registration of <strong>{dialog.user.username}</strong>? The user is
                deleted
                {dialog.user.email ? ' and told so by email' : ''}. This cannot be undone.
              </Text>
            </Stack>
          }
        />
      ) : null}
    </>
  );
}
