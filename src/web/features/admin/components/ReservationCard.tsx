import { Card, Stack } from '@mantine/core';
import { Field, FieldList } from '@/components/cards/CardList.js';
import { ReservationActions } from './ReservationActions.js';
import {
  AgreementDetails,
  ChurchName,
  EventDetails,
  GuestDetails,
  isGroupStay,
  MemberDetails,
  PaymentDetails,
  ReservationDates,
  showsAgreement,
  StatusDetails,
} from './ReservationParts.js';
import type { ReservationRowProps } from './ReservationRow.js';
import { reservationItemId } from './useReservationActions.js';

/** One reservation on a phone: every field of a table row, labelled (a group's guests and agreement when it has them), then its actions. */
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
          {isGroupStay(r) ? (
            <Field label="Guests">
              <GuestDetails reservation={r} />
            </Field>
          ) : null}
          <Field label="Payment">
            <PaymentDetails reservation={r} />
          </Field>
          {showsAgreement(r) ? (
            <Field label="Agreement">
              <AgreementDetails reservation={r} />
            </Field>
          ) : null}
        </FieldList>
        <ReservationActions reservation={r} {...actions} stacked={false} />
      </Stack>
    </Card>
  );
}
