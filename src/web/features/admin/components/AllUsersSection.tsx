import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { authStatusQuery } from '@/lib/api/session.js';
import { useUsersDirectoryPage } from '../api/users.js';
import { idParam, useFilterParams } from '@/components/useFilterParams.js';
import { UserActionDialogs } from './UserActionDialogs.js';
import { UserDirectoryFilters } from './UserDirectoryFilters.js';
import { USER_STATUS_OPTIONS } from './userLabels.js';
import { UsersDirectoryList } from './UsersDirectoryList.js';
import { ALL_USERS_HEADING, useUserActions } from './useUserActions.js';
import { QueryStatus } from '@/components/QueryStatus.js';
import { QueryPager } from '@/components/Pager.js';

export const usersFailed = 'Could not fetch the users.';
export const noUsersFound = 'No users match these filters.';
export const directoryCaption = 'User directory, by username';

/**
 * "All users": every user, filtered by status, church and a search (kept in
 * the address, with the page), 50 a page, with the actions that change a user's church, role or access.
 */
export function AllUsersSection() {
  const { params, set, page, setPage } = useFilterParams();
  const status = USER_STATUS_OPTIONS.find((s) => s.value === params.get('status'))?.value;
  const account = params.get('account') ?? '';
  const q = (params.get('q') ?? '').trim();
  const directory = useUsersDirectoryPage(
    { status, accountId: idParam(account), q: q || undefined },
    page,
  );
  const actions = useUserActions();
  const selfId = useQuery(authStatusQuery).data?.user?.id;
  // By username, as the server pages them.
  const users = directory.data?.users ?? [];

  return (
    <section aria-labelledby={ALL_USERS_HEADING}>
      <Title order={2} size="h3" id={ALL_USERS_HEADING} mb="sm">
        All users
      </Title>
      <Stack>
        <UserDirectoryFilters
          values={{ status: status ?? '', account, q }}
          // Another filter starts at the first page.
          onChange={(name, value) => set(name, value, ['page'])}
        />
        <QueryStatus query={directory} failed={usersFailed} loading="Loading users..." />
        {directory.data && users.length === 0 ? <Text>{noUsersFound}</Text> : null}
        {users.length > 0 ? (
          <UsersDirectoryList
            caption={directoryCaption}
            users={users}
            selfId={selfId}
            busyId={actions.busyId}
            onOpen={actions.open}
          />
        ) : null}
        <QueryPager query={directory} label="User pages" page={page} onPage={setPage} />
      </Stack>
      <UserActionDialogs actions={actions} />
    </section>
  );
}
