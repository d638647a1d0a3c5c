import { Stack, Table } from '@mantine/core';
import type { AdminTab } from '../../../../shared/reservations.js';
import type { Reservation } from '../api/reservations.js';
import { ReservationActions } from './ReservationActions.js';
import {
  AgreementDetails,
  ChurchName,
  EventDetails,
  GuestDetails,
  MemberDetails,
  PaymentDetails,
  ReservationDates,
  StatusDetails,
} from './ReservationParts.js';
import { reservationItemId, type DialogKind } from './useReservationActions.js';

export interface ReservationRowProps {
  reservation: Reservation;
  tab: AdminTab;
  busy: boolean;
  onApprove: (r: Reservation) => void;
  onOpen: (kind: DialogKind, r: Reservation) => void;
}

/**
 * One reservation in five columns: the event with its dates (and a group's
 * guests and final count) under it; the member with their email; the church;
 * the status with price, payment and the facility agreement; the actions one
 * above the other.
 */
export function ReservationRow({ reservation: r, ...actions }: ReservationRowProps) {
  return (
    <Table.Tr id={reservationItemId(r.id)}>
      <Table.Td>
        <Stack gap={4}>
          <EventDetails reservation={r} />
          <ReservationDates reservation={r} />
          <GuestDetails reservation={r} />
        </Stack>
      </Table.Td>
      <Table.Td>
        <MemberDetails reservation={r} />
      </Table.Td>
      <Table.Td>
        <ChurchName reservation={r} />
      </Table.Td>
      <Table.Td>
        <Stack gap={6}>
          <StatusDetails reservation={r} />
          <PaymentDetails reservation={r} />
          <AgreementDetails reservation={r} />
        </Stack>
      </Table.Td>
      <Table.Td>
        <ReservationActions reservation={r} {...actions} stacked />
      </Table.Td>
    </Table.Tr>
  );
}
