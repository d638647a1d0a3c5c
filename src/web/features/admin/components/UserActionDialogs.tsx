import { Stack, Text } from '@mantine/core';
import { messages } from '../../../../shared/messages.js';
import { ConfirmDialog } from '@/components/ConfirmDialog.js';
import { FormAlert } from '@/components/forms/FormAlert.js';
import { errorMessage } from '@/lib/api/client.js';
import type { DirectoryUser } from '../api/users.js';
import { MoveUserDialog } from './MoveUserDialog.js';
import { isAdmin } from './userLabels.js';
import type { UserActionsState } from './useUserActions.js';
import { type Role } from '../../../../shared/roles.js';

interface Confirmation {
  title: string;
  question: string;
  confirmLabel: string;
  confirmColor?: string;
  change: { role: Role } | { active: boolean };
  done: string;
}

/** What the role or the access button asks, sends, and says afterwards. */
function confirmationFor(kind: 'role' | 'active', user: DirectoryUser): Confirmation {
  const name = user.username;
  if (kind === 'role') {
    return isAdmin(user)
      ? {
          title: 'Remove administrator',
          question: `Remove the administrator role from ${name}? They become a member of their church again and lose the admin pages.`,
          confirmLabel: 'Remove administrator',
          confirmColor: 'orange',
          change: { role: 'User' },
          done: `${name} is no longer an administrator.`,
        }
      : {
          title: 'Make administrator',
          question: `Make ${name} an administrator? They will see every church's data and can approve users and reservations.`,
          confirmLabel: 'Make administrator',
          change: { role: 'Administrator' },
          done: `${name} is now an administrator.`,
        };
  }
  return user.status === 'inactive'
    ? {
        title: 'Reactivate user',
        question: `Reactivate ${name}? They can log in again.`,
        confirmLabel: 'Reactivate',
        confirmColor: 'green',
        change: { active: true },
        done: `${name} is active again.`,
      }
    : {
        title: 'Deactivate user',
        question: `Deactivate ${name}? They can no longer log in until they are reactivated; their church, reservations and documents stay.`,
        confirmLabel: 'Deactivate',
        confirmColor: 'red',
        change: { active: false },
        done: `${name} is deactivated.`,
      };
}

/** The dialog of the directory's open action, if any. */
export function UserActionDialogs({ actions }: { actions: UserActionsState }) {
  const { dialog, error, busy } = actions;
  if (!dialog) return null;
  if (dialog.kind === 'move') return <MoveUserDialog user={dialog.user} actions={actions} />;
  const c = confirmationFor(dialog.kind, dialog.user);
  return (
    <ConfirmDialog
      opened
      title={c.title}
      confirmLabel={c.confirmLabel}
      confirmColor={c.confirmColor}
      cancelLabel="Back"
      busy={busy}
      onConfirm={() => void actions.apply({ id: dialog.user.id, ...c.change }, () => c.done)}
      onCancel={actions.close}
      message={
        <Stack gap="sm" mb="lg">
          <FormAlert>{error ? errorMessage(error, messages.adminActionFailed) : null}</FormAlert>
          <Text>{c.question}</Text>
        </Stack>
      }
    />
  );
}
