import { Badge, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { datePart } from '../../../../shared/dates.js';
import { messages } from '../../../../shared/messages.js';
import { statusLabel } from '../../../../shared/reservations.js';
import { useHouseToday } from '@/lib/api/houseToday.js';
import { paths } from '@/app/paths.js';
import { PageTitle } from '@/components/PageTitle.js';
import { RouterAnchor } from '@/components/RouterAnchor.js';
import { useAdminReservationCounts, useNextStays, type Reservation } from '../api/reservations.js';
import { usePendingUsers } from '../api/users.js';
import { AdminEmailCard } from './AdminEmailCard.js';
import { CardsOrTable, type CardColumn } from '@/components/cards/CardsOrTable.js';
import { DateRange } from '@/components/cards/DateRange.js';
import { DashboardCard } from './DashboardCard.js';
import { DashboardToday } from './DashboardToday.js';
import { FailedRefundsCard } from './FailedRefundsCard.js';

/** How many stays the dashboard lists. */
export const NEXT_STAYS = 5;

const pendingReservationsPath = `${paths.adminReservations}?tab=pending`;

/**
 * The admin home (docs/product.md §2): a welcome, what waits for a decision, what needs
 * the staff today (docs/house-operations.md) and the next stays. The pending count
 * comes from GET /api/reservations/counts and the next stays are one small page of
 * the list (docs/lists.md), not every reservation.
 */
export function DashboardPage() {
  const pendingUsers = usePendingUsers();
  const today = useHouseToday();
  const counts = useAdminReservationCounts({});
  const next = useNextStays(today, NEXT_STAYS);

  const upcoming = next.data ?? [];

  return (
    <>
      <PageTitle>Admin Dashboard</PageTitle>
      <Stack>
        <Text>
          Welcome to the administrator area. Approve new users and manage all reservations here.
        </Text>

        <AdminEmailCard />

        <FailedRefundsCard />

        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DashboardCard title="Pending registrations">
            <Count
              value={pendingUsers.data?.length}
              loading={pendingUsers.isPending}
              error={pendingUsers.isError ? messages.pendingUsersFailed : null}
              unit={['registration', 'registrations']}
            />
            <RouterAnchor to={paths.adminUsers}>Review registrations</RouterAnchor>
          </DashboardCard>
          <DashboardCard title="Pending reservations">
            <Count
              value={counts.data?.pending}
              loading={counts.isPending}
              error={counts.isError ? messages.adminReservationsFailed : null}
              unit={['reservation', 'reservations']}
            />
            <RouterAnchor to={pendingReservationsPath}>Review pending reservations</RouterAnchor>
          </DashboardCard>
        </SimpleGrid>

        <DashboardToday />

        <DashboardCard title="Next stays">
          {next.isPending ? <Loader size="sm" aria-label="Loading reservations" /> : null}
          {next.isError ? <Text c="red">{messages.adminReservationsFailed}</Text> : null}
          {next.data && upcoming.length === 0 ? (
            <Text>No pending or approved stays from today on.</Text>
          ) : null}
          {upcoming.length > 0 ? (
            <CardsOrTable
              label="Next stays"
              items={upcoming}
              columns={nextStayColumns}
              verticalSpacing="xs"
            />
          ) : null}
          <RouterAnchor to={paths.adminReservations}>Manage all reservations</RouterAnchor>
        </DashboardCard>
      </Stack>
    </>
  );
}

const stayDates = (r: Reservation) => `${datePart(r.startTime)} to ${datePart(r.endTime)}`;

/** The next stays' columns (a card's fields on a phone). */
const nextStayColumns: CardColumn<Reservation>[] = [
  { label: 'Event', cell: (r) => <Text fw={600}>{r.eventName}</Text> },
  { label: 'Member', cell: (r) => r.user.username },
  { label: 'Dates', cell: (r) => <DateRange dates={stayDates(r)} /> },
  { label: 'Status', cell: (r) => <StayStatus reservation={r} /> },
];

function StayStatus({ reservation: r }: { reservation: Reservation }) {
  return (
    <Badge
      color={r.status === 'approved' ? 'green' : 'yellow'}
      variant="light"
      style={{ minWidth: 'max-content' }}
    >
      {statusLabel(r.status)}
    </Badge>
  );
}

interface CountProps {
  value: number | undefined;
  loading: boolean;
  error: string | null;
  unit: [singular: string, plural: string];
}

function Count({ value, loading, error, unit }: CountProps) {
  if (error) return <Text c="red">{error}</Text>;
  if (loading || value === undefined) return <Loader size="sm" aria-label="Loading" />;
  return (
    <Group gap="xs" align="baseline">
      <Text fz={36} fw={700} lh={1}>
        {value}
      </Text>
      <Text c="dimmed">{`${value === 1 ? unit[0] : unit[1]} waiting`}</Text>
    </Group>
  );
}
