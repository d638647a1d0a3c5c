import { Stack, Text } from '@mantine/core';
import { BusyModal } from '@/components/BusyModal.js';
import { useMemo, type FormEvent } from 'react';
import { datePart } from '../../../../shared/dates.js';
import { messages } from '../../../../shared/messages.js';
import { z } from '../../../../shared/schemas/zod.js';
import { ConfirmDialog } from '@/components/ConfirmDialog.js';
import { DialogButtons } from '@/components/forms/DialogButtons.js';
import { FormAlert } from '@/components/forms/FormAlert.js';
import { useServerErrors } from '@/components/forms/server-errors.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import type { RefundChoice, Reservation } from '../api/reservations.js';
import { refundableCents } from '../money.js';
import { RefundFields, refundForm } from './RefundFields.js';

export interface CancelReservationDialogProps {
  reservation: Reservation;
  busy: boolean;
  /** The request's failure, shown inside the dialog (refund dialog only: what was typed is kept). */
  error: unknown;
  onCancelReservation: (refund: RefundChoice) => void;
  onClose: () => void;
}

const TITLE = 'Cancel reservation';

function Question({ reservation: r }: { reservation: Reservation }) {
  return (
    <Stack gap="xs">
      <Text>{messages.confirmCancelReservation}</Text>
      <Text fw={600}>
        {r.eventName} ({datePart(r.startTime)} to {datePart(r.endTime)})
      </Text>
    </Stack>
  );
}

/**
 * Cancel a reservation: a yes/no question, or, when money was paid, the same
 * question with the refund (all of it by default, docs/money.md).
 */
export function CancelReservationDialog(props: CancelReservationDialogProps) {
  const { reservation, busy, onCancelReservation, onClose } = props;
  if (refundableCents(reservation) > 0) return <CancelWithRefundModal {...props} />;
  return (
    <ConfirmDialog
      opened
      title={TITLE}
      confirmLabel="Cancel reservation"
      cancelLabel="Keep reservation"
      busy={busy}
      onConfirm={() => onCancelReservation({})}
      onCancel={onClose}
      confirmColor="red"
      message={
        <Stack mb="lg">
          <Question reservation={reservation} />
        </Stack>
      }
    />
  );
}

function CancelWithRefundModal({
  reservation,
  busy,
  error,
  onCancelReservation,
  onClose,
}: CancelReservationDialogProps) {
  // One schema per dialog (the reservation's amounts are in it), not one per keystroke.
  const schema = useMemo(
    () => z.object(refundForm.fields).superRefine(refundForm.check(reservation)),
    [reservation],
  );
  const form = useSchemaForm(schema, () => refundForm.initial(reservation));
  const { validate, bind } = form;
  const failure = useServerErrors(form, error, messages.adminActionFailed, refundForm.fieldOfCode);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = validate();
    if (values) onCancelReservation(refundForm.choice(reservation, values));
  }

  return (
    <BusyModal busy={busy} onClose={onClose} title={TITLE}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Question reservation={reservation} />
          <FormAlert>{failure}</FormAlert>
          <RefundFields
            reservation={reservation}
            amount={bind('refundAmount')}
            reason={bind('refundReason')}
          />
          <DialogButtons
            busy={busy}
            onBack={onClose}
            backLabel="Keep reservation"
            color="red"
            focusBack
          >
            Cancel reservation
          </DialogButtons>
        </Stack>
      </form>
    </BusyModal>
  );
}
