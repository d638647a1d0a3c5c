import { Alert, Button, Table, Tabs, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { datePart } from '../../../../shared/dates.js';
import { messages } from '../../../../shared/messages.js';
import {
  MEMBER_TABS,
  filterTab,
  statusLabel,
  tabCounts,
  type MemberTab,
} from '../../../../shared/reservations.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { ReservationDetails } from './ReservationDetails.js';

export const TAB_LABELS: Record<MemberTab, string> = {
  all: 'All',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

/** The dates of a reservation as shown: the day parts of its times (SPEC §3). */
export function reservationDates(r: Pick<Reservation, 'startTime' | 'endTime'>): string {
  const first = datePart(r.startTime);
  const last = datePart(r.endTime);
  return first === last ? first : `${first} to ${last}`;
}

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

/** Tabs with counts and the table of the member's reservations (SPEC §2). */
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
                        {rows.map((r) => {
                          const open = r.id === expandedId;
                          const detailsId = `reservation-details-${r.id}`;
                          return (
                            <Fragment key={r.id}>
                              <Table.Tr
                                id={`reservation-${r.id}`}
                                onClick={() => onToggle(r)}
                                style={{ cursor: 'pointer' }}
                                bg={open ? 'blue.0' : undefined}
                              >
                                <Table.Td>{r.eventName}</Table.Td>
                                <Table.Td>{reservationDates(r)}</Table.Td>
                                <Table.Td>{statusLabel(r.status)}</Table.Td>
                                <Table.Td>
                                  <Button
                                    size="compact-sm"
                                    variant="default"
                                    aria-expanded={open}
                                    aria-controls={open ? detailsId : undefined}
                                    onClick={(e) => {
                                      e.stopPropagation();
                                      onToggle(r);
                                    }}
                                  >
                                    {open ? 'Hide Details' : 'Show Details'}
                                  </Button>
                                </Table.Td>
                              </Table.Tr>
                              {open ? (
                                <Table.Tr>
                                  <Table.Td colSpan={4} id={detailsId}>
                                    <ReservationDetails reservation={r} onDone={onCollapse} />
                                  </Table.Td>
                                </Table.Tr>
                              ) : null}
                            </Fragment>
                          );
                        })}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )
              ) : null}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </section>
  );
}
