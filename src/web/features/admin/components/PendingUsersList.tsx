import { Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { datePart } from '../../../../shared/dates.js';
import type { PendingUser } from '../api/users.js';
import { BreakableEmail, breakLongWords } from '@/components/BreakableEmail.js';
import { CardList, Field, FieldList } from '@/components/cards/CardList.js';
import { useIsPhone } from '@/components/useIsPhone.js';

const caption = 'Pending registrations, oldest first';

export interface PendingUsersListProps {
  users: readonly PendingUser[];
  /** The user whose rejection is under way. */
  busyId: number | undefined;
  onApprove: (user: PendingUser) => void;
  onReject: (user: PendingUser) => void;
}

type ItemProps = Omit<PendingUsersListProps, 'users' | 'busyId'> & {
  user: PendingUser;
  busy: boolean;
};

/**
 * The registrations waiting for approval: a list of cards on phones, else a
 * table. Only one of them is rendered, so that no text is there twice.
 */
export function PendingUsersList({ users, busyId, ...handlers }: PendingUsersListProps) {
  const isPhone = useIsPhone();
  const itemProps = (user: PendingUser) => ({ user, busy: busyId === user.id, ...handlers });
  if (isPhone) {
    return (
      <CardList label={caption}>
        {users.map((u) => (
          <PendingUserCard key={u.id} {...itemProps(u)} />
        ))}
      </CardList>
    );
  }
  return (
    <Table.ScrollContainer minWidth={480} type="native">
      <Table striped highlightOnHover captionSide="top" verticalSpacing="sm">
        <Table.Caption>{caption}</Table.Caption>
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
          {users.map((u) => (
            <Table.Tr key={u.id}>
              <Table.Td>
                <Text fw={600} style={breakLongWords}>
                  {u.username}
                </Text>
              </Table.Td>
              <Table.Td style={breakLongWords}>
                <UserEmail user={u} />
              </Table.Td>
              <Table.Td>
                <Registered user={u} />
              </Table.Td>
              <Table.Td>
                <UserActions {...itemProps(u)} size="xs" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One registration on a phone: username, email, date, then Approve and Reject. */
function PendingUserCard(props: ItemProps) {
  const { user: u } = props;
  return (
    <Card component="li" withBorder padding="md" radius="md">
      <Stack gap="sm">
        <Text fw={600} style={breakLongWords}>
          {u.username}
        </Text>
        <FieldList>
          <Field label="Email">
            <Text size="sm" style={breakLongWords}>
              <UserEmail user={u} />
            </Text>
          </Field>
          <Field label="Registered">
            <Text size="sm">
              <Registered user={u} />
            </Text>
          </Field>
        </FieldList>
        <UserActions {...props} size="sm" />
      </Stack>
    </Card>
  );
}

const UserEmail = ({ user }: { user: PendingUser }) =>
  user.email ? <BreakableEmail email={user.email} /> : '—';

const Registered = ({ user }: { user: PendingUser }) => (
  <time dateTime={user.createdAt}>{datePart(user.createdAt)}</time>
);

function UserActions({ user: u, busy, onApprove, onReject, size }: ItemProps & { size: string }) {
  return (
    <Group gap={6} wrap="wrap">
      <Button
        size={size}
        color="green"
        aria-label={`Approve ${u.username}`}
        onClick={() => onApprove(u)}
        disabled={busy}
      >
        Approve
      </Button>
      <Button
        size={size}
        color="red"
        variant="light"
        aria-label={`Reject ${u.username}`}
        onClick={() => onReject(u)}
        disabled={busy}
      >
        Reject
      </Button>
    </Group>
  );
}
