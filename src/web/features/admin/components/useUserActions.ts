import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { byId, focusResult } from '@/components/focus-result.js';
import { useUpdateUser, type DirectoryUser, type UserChange } from '../api/users.js';
import { userItemId } from './userLabels.js';

export type UserDialogKind = 'move' | 'role' | 'active';

export interface UserDialog {
  kind: UserDialogKind;
  user: DirectoryUser;
}

/** The heading of the directory: the focus goes there when the changed user left the list. */
export const ALL_USERS_HEADING = 'all-users-heading';

/**
 * The directory's actions: which dialog is open, the PATCH it sends, and its
 * outcome. A refusal (e.g. the last administrator) stays in the dialog with
 * the server's text; a success closes it, says so, and moves the focus to the
 * user's row (or the list's heading when the filters now hide the user).
 */
export function useUserActions() {
  const update = useUpdateUser();
  const [dialog, setDialog] = useState<UserDialog | null>(null);
  /** The last change's failure, as thrown: the dialog shows it on a field or above them. */
  const [error, setError] = useState<unknown>(null);

  function open(kind: UserDialogKind, user: DirectoryUser) {
    setError(null);
    setDialog({ kind, user });
  }

  function close() {
    if (!update.isPending) setDialog(null);
  }

  /** Sends the change; `done` words the success from the updated user. */
  async function apply(change: UserChange, done: (user: DirectoryUser) => string) {
    if (update.isPending) return;
    setError(null);
    let updated: DirectoryUser;
    try {
      updated = await update.mutateAsync(change);
    } catch (err) {
      setError(err);
      return;
    }
    setDialog(null);
    notifications.show({ color: 'green', title: 'Users', message: done(updated) });
    focusResult(byId(userItemId({ id: change.id })), byId(ALL_USERS_HEADING));
  }

  return {
    dialog,
    error,
    busy: update.isPending,
    busyId: update.isPending ? update.variables?.id : undefined,
    open,
    close,
    apply,
  };
}

export type UserActionsState = ReturnType<typeof useUserActions>;
