import { NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { formatMoney } from '../../../../shared/pricing.js';
import { refundRefusal } from '../../../../shared/refunds.js';
import { MAX_ADMIN_NOTES, statusChangeBody } from '../../../../shared/schemas/reservations.js';
import { z } from '../../../../shared/schemas/zod.js';
import type { BoundField } from '@/components/forms/useSchemaForm.js';
import type { RefundChoice, Reservation } from '../api/reservations.js';
import { currencySymbol, refundableCents, toCents, toMajorUnits } from '../money.js';

/** The refund as typed: the amount in the currency's major units ('450.00'), and its reason. */
export interface RefundValues {
  refundAmount: string;
  refundReason: string;
}

/** The refund as checked: the reason as the status change stores it (trimmed, empty as null). */
interface CheckedRefund {
  refundAmount: string;
  refundReason: string | null;
}

/**
 * The refund fields of a dialog's schema (`base.extend(refundForm.fields)`);
 * the reason is the status change's own field.
 */
const fields = {
  refundAmount: z.string(),
  refundReason: statusChangeBody.shape.refundReason,
};

/** What the dialog offers first: all that is left, without a reason. */
const initial = (r: Reservation): RefundValues => ({
  refundAmount: String(toMajorUnits(refundableCents(r))),
  refundReason: '',
});

/** The API's refusals of a refund, on the field each is about. */
const fieldOfCode = {
  refund_too_large: 'refundAmount',
  refund_reason_required: 'refundReason',
} as const;

/**
 * The refund's checks, as the API makes them (docs/money.md): from nothing to
 * all that is left, with a reason when less. None when nothing was paid.
 */
function check(r: Reservation) {
  const refundable = refundableCents(r);
  const range = `Enter a refund from ${formatMoney(0, r.currency)} to ${formatMoney(refundable, r.currency)}.`;
  return (values: CheckedRefund, ctx: z.RefinementCtx) => {
    if (refundable === 0) return;
    const cents = toCents(values.refundAmount);
    const refusal =
      cents === null ? 'refund_too_large' : refundRefusal(cents, refundable, values.refundReason);
    if (refusal === 'refund_too_large')
      ctx.addIssue({ code: 'custom', path: ['refundAmount'], message: range });
    else if (refusal)
      ctx.addIssue({
        code: 'custom',
        path: ['refundReason'],
        message: 'Give a reason for refunding less than the whole amount.',
      });
  };
}

/** The refund to send from checked values: nothing when nothing was paid. */
function choice(r: Reservation, values: CheckedRefund): RefundChoice {
  if (refundableCents(r) === 0) return {};
  const refundCents = toCents(values.refundAmount) ?? 0;
  const { refundReason } = values;
  return refundReason ? { refundCents, refundReason } : { refundCents };
}

/**
 * The pieces a dialog with a refund builds its form from: the fields and
 * their checks, the first values, the API's refusals by field, and the
 * refund to send.
 */
export const refundForm = { fields, check, initial, fieldOfCode, choice };

/** The amount paid, the refund (in the currency's major units) and its reason. */
export function RefundFields({
  reservation,
  amount,
  reason,
}: {
  reservation: Reservation;
  amount: BoundField;
  reason: BoundField;
}) {
  const refundable = refundableCents(reservation);
  const { currency } = reservation;
  if (refundable === 0) return null;
  const cents = toCents(amount.value);
  const partial = cents === null || cents < refundable;
  return (
    <Stack gap="sm">
      <Text>
        Paid: <strong>{formatMoney(reservation.paidCents, currency)}</strong>
        {reservation.refundedCents > 0
          ? `, of which ${formatMoney(reservation.refundedCents, currency)} already refunded`
          : null}
        .
      </Text>
      <NumberInput
        {...amount}
        label={`Refund (${currency})`}
        description={`At most ${formatMoney(refundable, currency)}, the whole amount by default.`}
        prefix={currencySymbol(currency)}
        decimalScale={2}
        fixedDecimalScale
        thousandSeparator=","
        allowNegative={false}
        min={0}
        max={toMajorUnits(refundable)}
        clampBehavior="none"
        hideControls
        // A number once typed; kept as text, as the form holds it.
        onChange={(value) => amount.onChange(String(value))}
      />
      <Textarea
        {...reason}
        label="Refund reason"
        description="Required when refunding less than the whole amount."
        required={partial}
        resize="vertical"
        rows={2}
        maxLength={MAX_ADMIN_NOTES}
      />
    </Stack>
  );
}
