/**
 * An administrator's refund when rejecting or cancelling a paid reservation
 * (docs/money.md): anything from nothing to all that is left, and a reason
 * when it is less than all. The API and the admin's form both ask this.
 */
export type RefundRefusal = 'refund_too_large' | 'refund_reason_required';

export function refundRefusal(
  refundCents: number,
  refundableCents: number,
  reason: string | null | undefined,
): RefundRefusal | null {
  if (refundCents < 0 || refundCents > refundableCents) return 'refund_too_large';
  if (refundCents < refundableCents && !reason?.trim()) return 'refund_reason_required';
  return null;
}
