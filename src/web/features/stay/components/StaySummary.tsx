import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { datePart, inclusiveDayCount, longDate } from '../../../../shared/dates.js';
import { statusLabel } from '../../../../shared/reservations.js';
import { paths } from '@/app/paths.js';
import { Field, FieldList } from '@/components/cards/CardList.js';
import { RouterAnchor } from '@/components/RouterAnchor.js';
import { StayFacts } from '@/components/StayFacts.js';
import { useStayFacts } from '@/lib/stay-facts.js';
import { checklistQuery, type AdminReservation, type Reservation } from '../api/stay.js';

export const SIGN_ON_PAYMENTS = 'Sign the agreement on the Payments page';

/** "Tuesday, June 15, 2027 to Thursday, June 17, 2027 (3 days)". */
export function stayDatesText(r: Pick<Reservation, 'startTime' | 'endTime'>): string {
  const first = datePart(r.startTime);
  const last = datePart(r.endTime);
  const days = inclusiveDayCount(r.startTime, r.endTime);
  const range = first === last ? longDate(first) : `${longDate(first)} to ${longDate(last)}`;
  return `${range} (${days} ${days === 1 ? 'day' : 'days'})`;
}

const STATUS_NOTES: Partial<Record<Reservation['status'], string>> = {
  pending: 'waiting for the house to approve it',
  approved: 'approved by the house',
};

/** The church and the member who asked, for the house's staff. */
function StaffFields({ reservation: r }: { reservation: AdminReservation }) {
  return (
    <>
      <Field label="Church">
        {r.accountName && r.accountId !== null ? (
          <RouterAnchor to={generatePath(paths.adminAccount, { id: String(r.accountId) })}>
            {r.accountName}
          </RouterAnchor>
        ) : (
          (r.accountName ?? 'No church')
        )}
      </Field>
      <Field label="Member">
        {r.user.email ? `${r.user.username} (${r.user.email})` : r.user.username}
      </Field>
    </>
  );
}

/**
 * The top of the stay page: where to go back to, the dates, the status, the
 * church and member (for the staff), the group's guests and meals, then the
 * money (price, paid, still owed, deposit and balance) and the facility
 * agreement as signed, or where to sign it.
 */
export function StaySummary({
  reservation: r,
  staff,
}: {
  reservation: Reservation | AdminReservation;
  staff: boolean;
}) {
  const people = useStayFacts(r).people;
  const checklist = useQuery(checklistQuery(r.id));
  const toSign =
    r.agreement === null &&
    (checklist.data ?? []).some((item) => item.item === 'agreement' && !item.done);
  const note = STATUS_NOTES[r.status];
  return (
    <Stack gap="sm">
      <Group gap="md">
        {staff ? (
          <RouterAnchor to={paths.adminReservations}>Back to Reservations</RouterAnchor>
        ) : (
          <RouterAnchor to={paths.accountReservations}>Back to My Reservations</RouterAnchor>
        )}
      </Group>
      <FieldList>
        <Field label="Dates">{stayDatesText(r)}</Field>
        <Field label="Status">
          {note ? `${statusLabel(r.status)}: ${note}` : statusLabel(r.status)}
        </Field>
        {staff && 'accountId' in r ? <StaffFields reservation={r} /> : null}
        {people.map(({ label, text }) => (
          <Field key={label} label={label}>
            {text}
          </Field>
        ))}
      </FieldList>
      <StayFacts
        reservation={r}
        accepted={r.agreement}
        agreementAsked={toSign && !staff}
        paidAlways
      />
      {toSign ? (
        staff ? (
          <Text size="sm">The facility agreement is not signed yet.</Text>
        ) : (
          <RouterAnchor to={`${paths.accountPayments}?stay=${r.id}`} size="sm">
            {SIGN_ON_PAYMENTS}
          </RouterAnchor>
        )
      ) : null}
    </Stack>
  );
}
