import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { messages } from '../../../../shared/messages.js';
import { formatMoney } from '../../../../shared/pricing.js';
import { statusLabel, userMay } from '../../../../shared/reservations.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import { errorMessage } from '@/lib/api/client.js';
import { useKeptState } from '@/components/kept-state.js';
import { isGroupStay, useStayFacts, type StayFact } from '@/lib/stay-facts.js';
import { useCancelReservation } from '../api/reservations.js';
import { price } from '../money.js';
import { CancelReservationDialog } from './CancelReservationDialog.js';
import { EditDetailsForm, draftOf, type DetailsDraft } from './EditDetailsForm.js';
import { FinalCount } from './FinalCount.js';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" fw={700} size="sm">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap' }}>
        {children}
      </Text>
    </div>
  );
}

/** A group's guests and meals, then price, deposit, balance due, paid and refunded (docs/money.md). */
function MoneyDetails({ reservation: r }: { reservation: Reservation }) {
  const money = (cents: number) => formatMoney(cents, r.currency);
  const stay = useStayFacts(r);
  const details = (facts: StayFact[]) =>
    facts.map(({ label, text }) => (
      <Detail key={label} label={label}>
        {text}
      </Detail>
    ));
  return (
    <>
      {details(stay.people)}
      <Detail label="Price">{price(r)}</Detail>
      {details(stay.money)}
      <Detail label="Paid">{money(r.paidCents)}</Detail>
      <Detail label="Refunded">{money(r.refundedCents)}</Detail>
    </>
  );
}

export interface ReservationDetailsProps {
  reservation: Reservation;
  /** Called after a successful edit or cancellation: the view collapses. */
  onDone: () => void;
}

/**
 * The expanded row: the texts, and the owner's actions Edit Details and Cancel
 * (docs/product.md §2, §4). What is being typed, the open dialog and the last error are
 * kept above the list (kept-state.tsx), so turning a tablet between the table
 * and the cards loses none of it.
 */
export function ReservationDetails({ reservation: r, onDone }: ReservationDetailsProps) {
  const kept = `reservation-${r.id}`;
  /** Null while not editing. */
  const [draft, setDraft] = useKeptState<DetailsDraft | null>(`${kept}:draft`, null);
  const [confirming, setConfirming] = useKeptState(`${kept}:confirming`, false);
  const [error, setError] = useKeptState<string | null>(`${kept}:error`, null);
  const cancel = useCancelReservation();

  async function confirmCancel() {
    setError(null);
    try {
      await cancel.mutateAsync(r.id);
    } catch (err) {
      setConfirming(false);
      setError(errorMessage(err, messages.cancelFailed));
      return;
    }
    setConfirming(false);
    notifications.show({ color: 'teal', message: 'Reservation cancelled.' });
    onDone();
  }

  if (draft) {
    return (
      <EditDetailsForm
        reservation={r}
        draft={draft}
        onDraftChange={setDraft}
        onCancel={() => setDraft(null)}
        onSaved={() => {
          setDraft(null);
          onDone();
        }}
      />
    );
  }

  const canEdit = userMay('edit', r.status);
  const canCancel = userMay('cancel', r.status);

  return (
    <Stack gap="sm" py="xs">
      <Stack component="dl" gap="xs" m={0}>
        <Detail label="Event Description">{r.eventDescription?.trim() || 'Not provided'}</Detail>
        <Detail label="Additional Info">{r.additionalInfo?.trim() || 'None'}</Detail>
        <MoneyDetails reservation={r} />
        {r.status === 'cancelled' ? (
          <Detail label="Cancellation Reason">
            {r.cancellationReason ? statusLabel(r.cancellationReason) : 'Not provided'}
          </Detail>
        ) : null}
        {r.status === 'rejected' ? (
          <Detail label="Rejection Reason">{r.adminNotes?.trim() || 'Not provided'}</Detail>
        ) : null}
      </Stack>
      {r.status === 'approved' && isGroupStay(r) ? <FinalCount reservation={r} /> : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {canEdit || canCancel ? (
        <Group gap="sm">
          {canEdit ? (
            <Button
              variant="default"
              onClick={() => {
                setError(null);
                setDraft(draftOf(r));
              }}
            >
              Edit Details
            </Button>
          ) : null}
          {canCancel ? (
            <Button color="red" onClick={() => setConfirming(true)}>
              Cancel This Reservation
            </Button>
          ) : null}
        </Group>
      ) : null}
      <CancelReservationDialog
        reservation={r}
        opened={confirming}
        busy={cancel.isPending}
        onConfirm={() => void confirmCancel()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
