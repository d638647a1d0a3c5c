import { Button, Group, Stack, Text } from '@mantine/core';
import type { DirectoryUser } from '../api/users.js';
import { isAdmin } from './userLabels.js';
import type { UserDialogKind } from './useUserActions.js';

export interface UserActionsProps {
  user: DirectoryUser;
  /** The signed-in administrator: they cannot take their own role or access away here. */
  isSelf: boolean;
  busy: boolean;
  onOpen: (kind: UserDialogKind, user: DirectoryUser) => void;
  size: 'xs' | 'sm';
}

/**
 * Move to church, Make or Remove administrator, Deactivate or Reactivate. A
 * pending registration is approved or rejected in the section above instead.
 * Each button's name is its text and the username.
 */
export function UserActions({ user, isSelf, busy, onOpen, size }: UserActionsProps) {
  if (user.status === 'pending') {
    return (
      <Text size="sm" c="dimmed">
        Approve or reject the registration above.
      </Text>
    );
  }
  const button = (kind: UserDialogKind, label: string, color?: string) => (
    <Button
      size={size}
      variant="light"
      color={color}
      disabled={busy}
      aria-label={`${label}: ${user.username}`}
      onClick={() => onOpen(kind, user)}
    >
      {label}
    </Button>
  );
  const buttons = (
    <>
      {button('move', 'Move to church')}
      {!isAdmin(user)
        ? button('role', 'Make administrator')
        : isSelf
          ? null
          : button('role', 'Remove administrator', 'orange')}
      {user.status === 'inactive' ? button('active', 'Reactivate', 'green') : null}
      {user.status === 'active' && !isSelf ? button('active', 'Deactivate', 'red') : null}
    </>
  );
  // One above the other in a table's narrow column; side by side, wrapping, on a card.
  return size === 'xs' ? (
    <Stack gap={6} align="flex-start">
      {buttons}
    </Stack>
  ) : (
    <Group gap={6} wrap="wrap">
      {buttons}
    </Group>
  );
}
