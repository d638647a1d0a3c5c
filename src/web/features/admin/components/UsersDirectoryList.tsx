import { Badge, Text } from '@mantine/core';
import { generatePath } from 'react-router';
import { paths } from '@/app/paths.js';
import { RouterAnchor } from '@/components/RouterAnchor.js';
import type { DirectoryUser } from '../api/users.js';
import { BreakableEmail } from '@/components/BreakableEmail.js';
import { ResponsiveList, type ListColumn } from './ResponsiveList.js';
import { UserActions } from './UserActions.js';
import { STATUS_COLORS, statusText, userItemId } from './userLabels.js';
import type { UserDialogKind } from './useUserActions.js';

export interface UsersDirectoryListProps {
  caption: string;
  users: readonly DirectoryUser[];
  /** The signed-in administrator's id. */
  selfId: number | undefined;
  busyId: number | undefined;
  onOpen: (kind: UserDialogKind, user: DirectoryUser) => void;
}

/** A church's name, linking to its page. */
export function ChurchLink({ id, name }: { id: number | null; name: string | null }) {
  if (id === null) return <Text c="dimmed">{name ?? 'No church'}</Text>;
  return (
    <RouterAnchor to={generatePath(paths.adminAccount, { id: String(id) })}>
      {name ?? `Church ${id}`}
    </RouterAnchor>
  );
}

const columns: ListColumn<DirectoryUser>[] = [
  {
    label: 'Email',
    width: '20%',
    cell: (u) => (u.email ? <BreakableEmail email={u.email} /> : '—'),
  },
  {
    label: 'Church',
    width: '17%',
    cell: (u) => <ChurchLink id={u.accountId} name={u.accountName} />,
  },
  { label: 'Role', width: '13%', cell: (u) => u.role },
  {
    label: 'Status',
    width: '10%',
    cell: (u) => (
      <Badge color={STATUS_COLORS[u.status]} variant="light" style={{ minWidth: 'max-content' }}>
        {statusText(u.status)}
      </Badge>
    ),
  },
];

/** The directory: username, email, church, role, status and the actions of each user. */
export function UsersDirectoryList({
  caption,
  users,
  selfId,
  busyId,
  onOpen,
}: UsersDirectoryListProps) {
  return (
    <ResponsiveList
      caption={caption}
      items={users}
      itemId={userItemId}
      minWidth={760}
      title={{
        label: 'Username',
        width: '16%',
        cell: (u) => (u.id === selfId ? `${u.username} (you)` : u.username),
      }}
      columns={columns}
      actions={{
        label: 'Actions',
        width: '24%',
        cell: (u, size) => (
          <UserActions
            user={u}
            isSelf={u.id === selfId}
            busy={busyId === u.id}
            onOpen={onOpen}
            size={size}
          />
        ),
      }}
    />
  );
}
