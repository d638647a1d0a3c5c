import { Alert, Table, Tabs, Text, Title } from '@mantine/core';
import { messages } from '../../../../shared/messages.js';
import {
  MEMBER_TABS,
  filterTab,
  tabCounts,
  type MemberTab,
} from '../../../../shared/reservations.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import { CenteredLoader } from '@/components/CenteredLoader.js';
import { KeptStateProvider } from '@/components/kept-state.js';
import { useIsPhone } from '@/components/useIsPhone.js';
import { ReservationCards } from './ReservationCard.js';
import { ReservationRow } from './ReservationRow.js';

export const TAB_LABELS: Record<MemberTab, string> = {
  all: 'All',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

export { reservationDates } from './ReservationRow.js';

export interface ReservationsListProps {
  reservations: Reservation[] | undefined;
  loading: boolean;
  failed: boolean;
  tab: MemberTab;
  onTabChange: (tab: MemberTab) => void;
  expandedId: number | null;
  onToggle: (r: Reservation) => void;
  onCollapse: () => void;
}

/**
 * Tabs with counts and the member's reservations (SPEC §2): a table, or on a
 * phone a list of cards with the same fields and buttons.
 */
export function ReservationsList({
  reservations,
  loading,
  failed,
  tab,
  onTabChange,
  expandedId,
  onToggle,
  onCollapse,
}: ReservationsListProps) {
  const all = reservations ?? [];
  const counts = tabCounts(all, MEMBER_TABS);
  const rows = filterTab(all, tab);
  const phone = useIsPhone();

  return (
    <section aria-labelledby="reservations-list-heading">
      <Title order={2} size="h3" id="reservations-list-heading" mb="xs">
        Your Reservations
      </Title>
      {failed ? (
        <Alert color="red" mb="sm">
          {messages.reloadReservationsFailed}
        </Alert>
      ) : null}
      {loading ? (
        <CenteredLoader label="Loading your reservations..." />
      ) : (
        // Above the switch between table and cards; forgotten when another row opens.
        <KeptStateProvider scope={expandedId}>
          <Tabs
            value={tab}
            onChange={(value) => {
              if (value && value !== tab) onTabChange(value as MemberTab);
            }}
            keepMounted={false}
            activateTabWithKeyboard={false}
          >
            <Tabs.List mb="sm">
              {MEMBER_TABS.map((t) => (
                <Tabs.Tab key={t} value={t}>
                  {`${TAB_LABELS[t]} (${counts[t]})`}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {MEMBER_TABS.map((t) => (
              <Tabs.Panel key={t} value={t}>
                {t === tab ? (
                  rows.length === 0 ? (
                    <Text py="md">{messages.noReservationsForFilter}</Text>
                  ) : phone ? (
                    <ReservationCards
                      reservations={rows}
                      labelledBy="reservations-list-heading"
                      expandedId={expandedId}
                      onToggle={onToggle}
                      onCollapse={onCollapse}
                    />
                  ) : (
                    <Table.ScrollContainer minWidth={560}>
                      <Table highlightOnHover verticalSpacing="sm">
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th scope="col">Event Name</Table.Th>
                            <Table.Th scope="col">Dates</Table.Th>
                            <Table.Th scope="col">Status</Table.Th>
                            <Table.Th scope="col">Action</Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {rows.map((r) => (
                            <ReservationRow
                              key={r.id}
                              reservation={r}
                              open={r.id === expandedId}
                              onToggle={onToggle}
                              onCollapse={onCollapse}
                            />
                          ))}
                        </Table.Tbody>
                      </Table>
                    </Table.ScrollContainer>
                  )
                ) : null}
              </Tabs.Panel>
            ))}
          </Tabs>
        </KeptStateProvider>
      )}
    </section>
  );
}
