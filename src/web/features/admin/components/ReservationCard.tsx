import { Card, Stack } from '@mantine/core';
import { Field, FieldList } from '@/components/cards/CardList.js';
import { ReservationActions } from './ReservationActions.js';
import {
  ChurchName,
  EventDetails,
  MemberDetails,
  PaymentDetails,
  ReservationDates,
  StatusDetails,
} from './ReservationParts.js';
import type { ReservationRowProps } from './ReservationRow.js';
import { reservationItemId } from './useReservationActions.js';

/** One reservation on a phone: every field of a table row, labelled, then its actions. */
export function ReservationCard({ reservation: r, ...actions }: ReservationRowProps) {
  return (
    <Card component="li" withBorder padding="md" radius="md" id={reservationItemId(r.id)}>
      <Stack gap="sm">
        <Stack gap={4}>
          <EventDetails reservation={r} />
        </Stack>
        <FieldList>
          <Field label="Dates">
            <ReservationDates reservation={r} />
          </Field>
          <Field label="Member">
            <MemberDetails reservation={r} />
          </Field>
          <Field label="Church">
            <ChurchName reservation={r} />
          </Field>
          <Field label="Status">
            <StatusDetails reservation={r} />
          </Field>
          <Field label="Payment">
            <PaymentDetails reservation={r} />
          </Field>
        </FieldList>
        <ReservationActions reservation={r} {...actions} stacked={false} />
      </Stack>
    </Card>
  );
}
