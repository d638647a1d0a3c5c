import { NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useId, useState } from 'react';
import { formatMoney } from '../../../../shared/pricing.js';
import { MAX_ADMIN_NOTES } from '../../../../shared/schemas/reservations.js';
import type { RefundChoice, Reservation } from '../api/reservations.js';
import { currencySymbol, refundableCents, toCents, toMajorUnits } from '../money.js';

export interface RefundForm {
  /** What may still be refunded, in cents; 0 when nothing was paid (no fields then). */
  refundable: number;
  currency: string;
  amount: number | string;
  setAmount: (value: number | string) => void;
  reason: string;
  setReason: (value: string) => void;
  amountError: string | null;
  reasonError: string | null;
  /** The fields' ids, to focus the first invalid one. */
  amountId: string;
  reasonId: string;
  /**
   * The refund to send, or null when the fields are invalid: their errors are
   * shown from then on and the first invalid field gets the focus.
   */
  submit: () => RefundChoice | null;
}

/** The refund of a reservation being rejected or cancelled: all that is left by default. */
export function useRefundForm(reservation: Reservation): RefundForm {
  const refundable = refundableCents(reservation);
  const { currency } = reservation;
  const [amount, setAmount] = useState<number | string>(toMajorUnits(refundable));
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const amountId = useId();
  const reasonId = useId();

  const cents = toCents(amount);
  const amountValid = cents !== null && cents >= 0 && cents <= refundable;
  const reasonValid = !amountValid || cents === refundable || reason.trim() !== '';
  const amountError = amountValid
    ? null
    : `Enter a refund from ${formatMoney(0, currency)} to ${formatMoney(refundable, currency)}.`;
  const reasonError = reasonValid
    ? null
    : 'Give a reason for refunding less than the whole amount.';

  function submit(): RefundChoice | null {
    if (refundable === 0) return {};
    setChecked(true);
    if (!amountValid) {
      document.getElementById(amountId)?.focus();
      return null;
    }
    if (!reasonValid) {
      document.getElementById(reasonId)?.focus();
      return null;
    }
    const refundReason = reason.trim();
    return refundReason ? { refundCents: cents, refundReason } : { refundCents: cents };
  }

  return {
    refundable,
    currency,
    amount,
    setAmount,
    reason,
    setReason,
    amountError: checked ? amountError : null,
    reasonError: checked ? reasonError : null,
    amountId,
    reasonId,
    submit,
  };
}

/** The amount paid, the refund (in the currency's major units) and its reason. */
export function RefundFields({
  reservation,
  form,
}: {
  reservation: Reservation;
  form: RefundForm;
}) {
  const { refundable, currency } = form;
  if (refundable === 0) return null;
  const cents = toCents(form.amount);
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
        id={form.amountId}
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
        value={form.amount}
        onChange={form.setAmount}
        error={form.amountError}
      />
      <Textarea
        id={form.reasonId}
        label="Refund reason"
        description="Required when refunding less than the whole amount."
        required={partial}
        resize="vertical"
        rows={2}
        maxLength={MAX_ADMIN_NOTES}
        value={form.reason}
        onChange={(e) => form.setReason(e.currentTarget.value)}
        error={form.reasonError}
      />
    </Stack>
  );
}
