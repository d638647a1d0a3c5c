import { Table, Text } from '@mantine/core';
import { messages } from '../../../../shared/messages.js';
import type { AdminTab } from '../../../../shared/reservations.js';
import type { Reservation } from '../api/reservations.js';
import { ReservationRow } from './ReservationRow.js';
import type { DialogKind } from './useReservationActions.js';

export interface ReservationsTableProps {
  caption: string;
  tab: AdminTab;
  rows: readonly Reservation[];
  busyId: number | undefined;
  onApprove: (r: Reservation) => void;
  onOpen: (kind: DialogKind, r: Reservation) => void;
}

/** The reservations of one tab, or the "none found" text. */
export function ReservationsTable({
  caption,
  tab,
  rows,
  busyId,
  onApprove,
  onOpen,
}: ReservationsTableProps) {
  if (rows.length === 0) return <Text>{messages.noReservationsForFilter}</Text>;
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover captionSide="top" verticalSpacing="sm">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" miw={160}>
              Event
            </Table.Th>
            <Table.Th scope="col">Member</Table.Th>
            <Table.Th scope="col">Dates</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Payment</Table.Th>
            <Table.Th scope="col" w={190}>
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <ReservationRow
              key={r.id}
              reservation={r}
              tab={tab}
              busy={busyId === r.id}
              onApprove={onApprove}
              onOpen={onOpen}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
