import { Badge, Group, Stack, Text } from '@mantine/core';
import { generatePath } from 'react-router';
import { datePart, inclusiveDayCount } from '../../../../shared/dates.js';
import { formatMoney } from '../../../../shared/pricing.js';
import { statusLabel } from '../../../../shared/reservations.js';
import { paths } from '@/app/paths.js';
import { RouterAnchor } from '@/components/RouterAnchor.js';
import { formatDate } from '@/lib/format.js';
import type { Reservation } from '../api/reservations.js';
import { paymentState } from '../money.js';
import { BreakableEmail, breakLongWords } from '@/components/BreakableEmail.js';

/**
 * The pieces of one reservation, shared by the table row (wider screens) and
 * the card (phones). Long free texts keep two or three lines, with the whole
 * text as their title (and in the edit dialog).
 */

/** Badges keep their whole text instead of an ellipsis in narrow columns. */
const noShrink = { minWidth: 'max-content' } as const;
const noWrap = { whiteSpace: 'nowrap' } as const;
const noCaps = { textTransform: 'none' } as const;

const STATUS_COLORS: Record<string, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  cancelled: 'gray',
};

interface PartProps {
  reservation: Reservation;
}

/** The event's name (first), description and additional information. */
export function EventDetails({ reservation: r }: PartProps) {
  return (
    <>
      <Text fw={600} lineClamp={2} title={r.eventName} style={breakLongWords}>
        {r.eventName}
      </Text>
      <Text size="sm" c="dimmed" lineClamp={2} title={r.eventDescription} style={breakLongWords}>
        {r.eventDescription}
      </Text>
      {r.additionalInfo ? (
        <Text size="sm" c="dimmed" lineClamp={2} title={r.additionalInfo} style={breakLongWords}>
          Additional information: {r.additionalInfo}
        </Text>
      ) : null}
    </>
  );
}

/** First and last day, each kept on one line, and the number of days. */
export function ReservationDates({ reservation: r }: PartProps) {
  const days = inclusiveDayCount(r.startTime, r.endTime);
  const first = datePart(r.startTime);
  const last = datePart(r.endTime);
  return (
    <Group gap="xs" wrap="wrap" align="baseline" style={{ rowGap: 2 }}>
      <Text size="sm">
        <time dateTime={first} style={noWrap}>
          {first}
        </time>{' '}
        to{' '}
        <time dateTime={last} style={noWrap}>
          {last}
        </time>
      </Text>
      <Text size="sm" c="dimmed" style={noWrap}>
        {days === 1 ? '1 day' : `${days} days`}
      </Text>
    </Group>
  );
}

/** The member's username and email, each its own line. */
export function MemberDetails({ reservation: r }: PartProps) {
  return (
    <>
      <Text style={breakLongWords}>{r.user.username}</Text>
      {r.user.email ? (
        <Text size="sm" c="dimmed" style={breakLongWords}>
          <BreakableEmail email={r.user.email} />
        </Text>
      ) : null}
    </>
  );
}

/** The church (account) of the member who asked, linking to the church's page. */
export function ChurchName({ reservation: r }: PartProps) {
  if (!r.accountName) return <Text size="sm">—</Text>;
  const text = { size: 'sm', lineClamp: 2, title: r.accountName, style: breakLongWords } as const;
  if (r.accountId == null) return <Text {...text}>{r.accountName}</Text>;
  return (
    <RouterAnchor to={generatePath(paths.adminAccount, { id: String(r.accountId) })} {...text}>
      {r.accountName}
    </RouterAnchor>
  );
}

/** The status, with the rejection or cancellation reason under it. */
export function StatusDetails({ reservation: r }: PartProps) {
  const reason =
    r.status === 'rejected' && r.adminNotes
      ? `Rejection reason: ${r.adminNotes}`
      : r.status === 'cancelled' && r.cancellationReason
        ? `Reason: ${statusLabel(r.cancellationReason)}`
        : null;
  return (
    <Stack gap={4} align="flex-start">
      <Badge color={STATUS_COLORS[r.status] ?? 'gray'} variant="light" style={noShrink}>
        {statusLabel(r.status)}
      </Badge>
      {reason ? (
        <Text size="sm" c="dimmed" lineClamp={3} title={reason} style={breakLongWords}>
          {reason}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The price, then Unpaid / Paid $X, and Refunded $Y once something was refunded. */
export function PaymentDetails({ reservation: r }: PartProps) {
  const state = paymentState(r);
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" style={noWrap}>
        {formatMoney(r.priceCents, r.currency)}
      </Text>
      <Badge
        color={r.paymentStatus === 'paid' || r.paidCents > 0 ? 'green' : 'gray'}
        variant="outline"
        style={{ ...noShrink, ...noCaps }}
      >
        {state.paid}
      </Badge>
      {state.refunded ? (
        <Badge color="orange" variant="outline" style={{ ...noShrink, ...noCaps }}>
          {state.refunded}
        </Badge>
      ) : null}
    </Stack>
  );
}

/** A group's stay: priced per person (with guests or a balance's due day), or with a final count. */
export const isGroupStay = (r: Reservation) =>
  r.guests !== null || r.finalGuests !== null || r.balanceDueDate !== null;

/** "40 guests expected", and the final count once given ("Final count: 38") or that it is not. */
export function GuestDetails({ reservation: r }: PartProps) {
  if (!isGroupStay(r)) return null;
  return (
    <Text size="sm">
      {r.guests === null
        ? 'Guests not given'
        : `${r.guests} ${r.guests === 1 ? 'guest' : 'guests'} expected`}
      {' · '}
      {r.finalGuests === null ? 'Final count not given' : `Final count: ${r.finalGuests}`}
    </Text>
  );
}

/** "Agreement v2026-1 accepted by Anna Lindqvist on Nov 26, 2026". */
export const agreementText = (a: NonNullable<Reservation['agreement']>) =>
  `Agreement v${a.version} accepted by ${a.fullName} on ${formatDate(a.acceptedAt)}`;

export const AGREEMENT_NOT_ACCEPTED = 'Agreement not accepted yet';

/**
 * The facility agreement as accepted for the stay, or, for an approved group
 * stay, that it is not yet; nothing otherwise.
 */
export function AgreementDetails({ reservation: r }: PartProps) {
  if (r.agreement) {
    const text = agreementText(r.agreement);
    return (
      <Text size="sm" c="dimmed" lineClamp={3} title={text} style={breakLongWords}>
        {text}
      </Text>
    );
  }
  if (r.status === 'approved' && isGroupStay(r)) {
    return (
      <Text size="sm" c="dimmed">
        {AGREEMENT_NOT_ACCEPTED}
      </Text>
    );
  }
  return null;
}

/** Whether a stay has anything for `AgreementDetails` to show. */
export const showsAgreement = (r: Reservation) =>
  r.agreement !== null || (r.status === 'approved' && isGroupStay(r));
