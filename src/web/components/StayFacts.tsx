import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { longDate } from '../../shared/dates.js';
import { formatMoney } from '../../shared/pricing.js';
import type { Reservation } from '../../shared/schemas/reservations.js';
import { pricingInfoQuery } from '../lib/api/money.js';
import { formatDate } from '../lib/format.js';
import { stayMoney } from '../lib/stay-money.js';
import { Field, FieldList } from './cards/CardList.js';

export type AcceptedAgreement = NonNullable<Reservation['agreement']>;

/** "Agreement version 2026-1 accepted by Anna Lindqvist on Nov 26, 2026". */
export const acceptedText = (a: AcceptedAgreement) =>
  `Agreement version ${a.version} accepted by ${a.fullName} on ${formatDate(a.acceptedAt)}`;

export const AGREEMENT_BEFORE_PAYING =
  "Before the first payment, you accept the house's facility agreement for this stay.";

/**
 * The deposit's refund rule, from the house's pricing (loaded only for a stay
 * with a deposit): ', not refundable', or '' when it is refundable or unknown.
 */
function useDepositNote(depositCents: number): string {
  const pricing = useQuery({ ...pricingInfoQuery, enabled: depositCents > 0 });
  return pricing.data?.group?.deposit?.refundable === false ? ', not refundable' : '';
}

/**
 * A stay's money in plain words (docs/money.md): its price, what was paid and
 * refunded, what is still owed; the deposit, the balance with its due day, and
 * the facility agreement as accepted (or that it comes first).
 */
export function StayFacts({
  reservation: r,
  accepted,
  agreementAsked,
  paidAlways = false,
}: {
  reservation: Reservation;
  /** The agreement accepted for the stay, if it is. */
  accepted: AcceptedAgreement | null;
  /** Whether the house asks for its agreement before a payment. */
  agreementAsked: boolean;
  /** Shows what was paid when it is nothing yet too (the stay page). */
  paidAlways?: boolean;
}) {
  const money = stayMoney(r);
  const amount = (cents: number) => formatMoney(cents, r.currency);
  const depositNote = useDepositNote(r.depositCents);
  return (
    <Stack gap="xs">
      <FieldList>
        <Field label="Price">{amount(r.priceCents)}</Field>
        {r.paidCents > 0 || paidAlways ? <Field label="Paid">{amount(r.paidCents)}</Field> : null}
        {r.refundedCents > 0 ? <Field label="Refunded">{amount(r.refundedCents)}</Field> : null}
        <Field label="Still owed">{amount(money.owedCents)}</Field>
      </FieldList>
      {r.depositCents > 0 ? (
        <Text size="sm">{`Deposit ${amount(r.depositCents)}${depositNote}`}</Text>
      ) : null}
      {r.balanceDueDate && money.balanceCents > 0 ? (
        <Text size="sm">
          {`Balance of ${amount(money.balanceCents)} due by ${longDate(r.balanceDueDate)}`}
        </Text>
      ) : null}
      {accepted ? (
        <Text size="sm">{acceptedText(accepted)}</Text>
      ) : agreementAsked ? (
        <Text size="sm">{AGREEMENT_BEFORE_PAYING}</Text>
      ) : null}
    </Stack>
  );
}
