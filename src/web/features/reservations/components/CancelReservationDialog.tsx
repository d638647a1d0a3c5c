import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../../../shared/messages.js';
import { formatMoney } from '../../../../shared/pricing.js';
import type { CancellationQuote, Reservation } from '../../../../shared/schemas/index.js';
import { errorMessage } from '@/lib/api/client.js';
import { ConfirmDialog } from '@/components/ConfirmDialog.js';
import { cancellationQuoteQuery } from '../api/money.js';
import { heldCents } from '../money.js';

export const REFUND_LOADING = 'Working out what will be refunded...';
export const REFUND_UNKNOWN =
  'What will be refunded could not be worked out just now; the cancellation policy applies.';

/** The tier in words, e.g. "50% when cancelled 14 or more days before arrival". */
function tierText(policy: NonNullable<CancellationQuote['policy']>): string {
  return policy.daysBeforeStart === 0
    ? `${policy.refundPercent}% up to the day of arrival`
    : `${policy.refundPercent}% when cancelled ${policy.daysBeforeStart} or more days before arrival`;
}

/**
 * What cancelling now refunds, said plainly (docs/money.md): with a
 * non-refundable deposit kept by the house, what was paid, the deposit, and
 * what comes back of the rest.
 */
export function refundSentence(q: CancellationQuote): string {
  const money = (cents: number) => formatMoney(cents, q.currency);
  if (q.depositKeptCents > 0) return keptDepositSentence(q, money);
  const why = q.policy ? ` (${tierText(q.policy)})` : '';
  if (q.refundCents > 0) {
    return `You will be refunded ${money(q.refundCents)} of the ${money(q.paidCents)} paid${why}.`;
  }
  const policy = q.policy ? '' : ` ${q.description}`;
  return `Nothing will be refunded of the ${money(q.paidCents)} paid${why}.${policy}`;
}

/** E.g. "You paid $4,700.00. The deposit of $1,175.00 is not refundable; 50% of the rest comes back: $1,762.50." */
function keptDepositSentence(q: CancellationQuote, money: (cents: number) => string): string {
  const paid = `You paid ${money(q.paidCents)}.`;
  const deposit = `The deposit of ${money(q.depositKeptCents)} is not refundable`;
  if (q.paidCents <= q.depositKeptCents) return `${paid} ${deposit}: nothing comes back.`;
  if (q.policy && q.refundCents > 0) {
    return `${paid} ${deposit}; ${q.policy.refundPercent}% of the rest comes back: ${money(q.refundCents)}.`;
  }
  return `${paid} ${deposit}, and nothing of the rest comes back now. ${q.description}`;
}

/** The refund line of the dialog: loading, the sentence, or why it is unknown. */
function RefundNotice({ reservationId }: { reservationId: number }) {
  const quote = useQuery(cancellationQuoteQuery(reservationId));
  let text: string;
  if (quote.isPending) text = REFUND_LOADING;
  else if (quote.isError) text = errorMessage(quote.error, REFUND_UNKNOWN);
  else text = refundSentence(quote.data);
  return (
    <Text aria-live="polite" aria-busy={quote.isPending} fw={quote.isSuccess ? 600 : undefined}>
      {text}
    </Text>
  );
}

export interface CancelReservationDialogProps {
  reservation: Reservation;
  opened: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The question (docs/product.md §2) before a member cancels; for a reservation with money paid,
 * what the policy refunds now (asked when the dialog opens). The refund is
 * made by the cancel request itself.
 */
export function CancelReservationDialog({
  reservation: r,
  opened,
  busy,
  onConfirm,
  onCancel,
}: CancelReservationDialogProps) {
  const paid = heldCents(r) > 0;
  return (
    <ConfirmDialog
      opened={opened}
      title="Cancel Reservation"
      message={
        paid ? (
          <Stack gap="xs" mb="lg">
            <Text>{messages.confirmCancelReservation}</Text>
            {opened ? <RefundNotice reservationId={r.id} /> : null}
          </Stack>
        ) : (
          messages.confirmCancelReservation
        )
      }
      confirmLabel="Yes, Cancel Reservation"
      cancelLabel="No, Keep It"
      confirmColor="red"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
