import { Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { messages } from '../../../../shared/messages.js';
import { errorMessage } from '@/lib/api/client.js';
import { usePendingUsers, useRejectUser, type PendingUser } from '../api/users.js';
import { ApproveUserModal } from './ApproveUserModal.js';
import { PendingUsersList } from './PendingUsersList.js';
import { ConfirmDialog } from '@/components/ConfirmDialog.js';
import { byId, focusResult } from '@/components/focus-result.js';
import { userItemId } from './userLabels.js';
import { QueryStatus } from '@/components/QueryStatus.js';

type Dialog = { kind: 'approve' | 'reject'; user: PendingUser } | null;

const noPendingUsers = 'No registrations are waiting for approval.';

export const PENDING_HEADING = 'pending-users-heading';

/** The registrations waiting for approval (docs/product.md §2, §4), approved or rejected here. */
export function PendingUsersSection() {
  const pending = usePendingUsers();
  const rejectUser = useRejectUser();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  function reject(user: PendingUser) {
    rejectUser.mutate(user.id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Registrations',
          message: `Rejected and removed ${user.username}.`,
        });
        // The row is gone with its buttons: the list's heading takes the focus.
        focusResult(byId(PENDING_HEADING));
      },
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
    <section aria-labelledby={PENDING_HEADING}>
      <Title order={2} size="h3" id={PENDING_HEADING} mb="sm">
        Pending registrations
      </Title>
      <Stack>
        <Text>
          Registrations waiting for approval. Approving adds the user to an existing or a new
          account; rejecting deletes the registration.
        </Text>

        <QueryStatus
          query={pending}
          failed={messages.pendingUsersFailed}
          loading="Loading registrations..."
        />

        {pending.data && users.length === 0 ? <Text>{noPendingUsers}</Text> : null}

        {users.length > 0 ? (
          <PendingUsersList
            users={users}
            busyId={rejectUser.isPending ? rejectUser.variables : undefined}
            onApprove={(user) => setDialog({ kind: 'approve', user })}
            onReject={(user) => setDialog({ kind: 'reject', user })}
          />
        ) : null}
      </Stack>

      {dialog?.kind === 'approve' ? (
        <ApproveUserModal
          user={dialog.user}
          onClose={close}
          // The approved user now appears in the directory below: focus lands there.
          onApproved={(user) => focusResult(byId(userItemId(user)), byId(PENDING_HEADING))}
        />
      ) : null}
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
    </section>
  );
}
