import type { DirectoryUser, UserStatus } from '../api/users.js';

export const USER_STATUS_OPTIONS: readonly { value: UserStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

export const statusText = (status: UserStatus) =>
  USER_STATUS_OPTIONS.find((s) => s.value === status)?.label ?? status;

export const STATUS_COLORS: Record<UserStatus, string> = {
  pending: 'yellow',
  active: 'green',
  inactive: 'gray',
};

export { isAdmin } from '../../../../shared/roles.js';

/** The focus target of a user after an action: its row, or its card on a phone. */
export const userItemId = (user: Pick<DirectoryUser, 'id'>) => `user-${user.id}`;
