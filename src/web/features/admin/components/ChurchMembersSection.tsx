import { Badge, Stack, Text, Title } from '@mantine/core';
import { paths } from '@/app/paths.js';
import { RouterAnchor } from '@/components/RouterAnchor.js';
import type { ChurchDetails } from '../api/accounts.js';
import type { DirectoryUser } from '../api/users.js';
import { BreakableEmail } from '@/components/BreakableEmail.js';
import { ResponsiveList } from './ResponsiveList.js';
import { STATUS_COLORS, statusText } from './userLabels.js';

/** The church's members, with a link to them in the user directory (where they are managed). */
export function ChurchMembersSection({ church }: { church: ChurchDetails }) {
  const members = [...church.members].sort((a, b) => a.username.localeCompare(b.username));
  return (
    <section aria-labelledby="church-members-heading">
      <Title order={2} size="h3" id="church-members-heading" mb="sm">
        Members
      </Title>
      <Stack>
        <RouterAnchor to={`${paths.adminUsers}?account=${church.id}`}>
          Manage the members of {church.accountName} in Users
        </RouterAnchor>
        {members.length === 0 ? (
          <Text>This church has no members.</Text>
        ) : (
          <ResponsiveList<DirectoryUser>
            caption={`Members of ${church.accountName}`}
            items={members}
            itemId={(u) => `member-${u.id}`}
            minWidth={520}
            title={{ label: 'Username', width: '25%', cell: (u) => u.username }}
            columns={[
              {
                label: 'Email',
                width: '35%',
                cell: (u) => (u.email ? <BreakableEmail email={u.email} /> : '—'),
              },
              { label: 'Role', width: '22%', cell: (u) => u.role },
              {
                label: 'Status',
                width: '18%',
                cell: (u) => (
                  <Badge color={STATUS_COLORS[u.status]} variant="light">
                    {statusText(u.status)}
                  </Badge>
                ),
              },
            ]}
          />
        )}
      </Stack>
    </section>
  );
}
