import { Stack, Text, Title } from '@mantine/core';
import { paths } from '@/app/paths.js';
import { RouterAnchor } from '@/components/RouterAnchor.js';
import type { ChurchDetails } from '../api/accounts.js';
import type { Reservation } from '../api/reservations.js';
import { PaymentDetails, ReservationDates, StatusDetails } from './ReservationParts.js';
import { ResponsiveList } from './ResponsiveList.js';

/** The church's reservations by start date; acting on them is done on the Reservations page. */
export function ChurchReservationsSection({ church }: { church: ChurchDetails }) {
  const reservations = [...church.reservations].sort((a, b) =>
    a.startTime.localeCompare(b.startTime),
  );
  return (
    <section aria-labelledby="church-reservations-heading">
      <Title order={2} size="h3" id="church-reservations-heading" mb="sm">
        Reservations
      </Title>
      <Stack>
        <RouterAnchor to={`${paths.adminReservations}?account=${church.id}`}>
          Manage the reservations of {church.accountName} in Reservations
        </RouterAnchor>
        {reservations.length === 0 ? (
          <Text>This church has no reservations.</Text>
        ) : (
          <ResponsiveList<Reservation>
            caption={`Reservations of ${church.accountName}, by start date`}
            items={reservations}
            itemId={(r) => `church-reservation-${r.id}`}
            minWidth={640}
            title={{ label: 'Event', width: '28%', cell: (r) => r.eventName }}
            columns={[
              { label: 'Dates', width: '24%', cell: (r) => <ReservationDates reservation={r} /> },
              { label: 'Member', width: '16%', cell: (r) => r.user.username },
              { label: 'Status', width: '14%', cell: (r) => <StatusDetails reservation={r} /> },
              { label: 'Payment', width: '18%', cell: (r) => <PaymentDetails reservation={r} /> },
            ]}
          />
        )}
      </Stack>
    </section>
  );
}
