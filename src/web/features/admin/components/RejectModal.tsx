import { Stack, Text, Textarea } from '@mantine/core';
import { BusyModal } from '@/components/BusyModal.js';
import { useMemo, type FormEvent } from 'react';
import { messages } from '../../../../shared/messages.js';
import { MAX_ADMIN_NOTES, statusChangeBody } from '../../../../shared/schemas/reservations.js';
import { DialogButtons } from '@/components/forms/DialogButtons.js';
import { FormAlert } from '@/components/forms/FormAlert.js';
import { useServerErrors } from '@/components/forms/server-errors.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import type { RefundChoice, Reservation } from '../api/reservations.js';
import { RefundFields, refundForm } from './RefundFields.js';

/**
 * The reason, as the status change stores it (trimmed, at most
 * MAX_ADMIN_NOTES, empty as null), and the refund of what was paid.
 */
const rejectForm = (r: Reservation) =>
  statusChangeBody
    .pick({ adminNotes: true })
    .extend(refundForm.fields)
    .superRefine(refundForm.check(r));

export type Rejection = { adminNotes?: string } & RefundChoice;

export interface RejectModalProps {
  reservation: Reservation;
  busy: boolean;
  /** The request's failure, shown inside the dialog (what was typed is kept). */
  error: unknown;
  onReject: (rejection: Rejection) => void;
  onClose: () => void;
}

/**
 * Reject a reservation with an optional reason, stored as its admin notes;
 * money paid is refunded with it, all of it unless a smaller refund is given
 * with its reason (docs/money.md).
 */
export function RejectModal({ reservation, busy, error, onReject, onClose }: RejectModalProps) {
  // One schema per dialog (the reservation's amounts are in it), not one per keystroke.
  const schema = useMemo(() => rejectForm(reservation), [reservation]);
  const form = useSchemaForm(schema, () => ({
    adminNotes: '',
    ...refundForm.initial(reservation),
  }));
  const { validate, bind } = form;
  const failure = useServerErrors(form, error, messages.adminActionFailed, refundForm.fieldOfCode);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = validate();
    if (!values) return;
    const choice = refundForm.choice(reservation, values);
    const { adminNotes } = values;
    onReject(adminNotes ? { adminNotes, ...choice } : choice);
  }

  return (
    <BusyModal busy={busy} onClose={onClose} title="Reject reservation">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text>
            Reject <strong>{reservation.eventName}</strong> of {reservation.user.username}?
          </Text>
          <FormAlert>{failure}</FormAlert>
          <Textarea
            label="Reason (optional)"
            description="Shown to the member as the rejection reason."
            resize="vertical"
            rows={3}
            maxLength={MAX_ADMIN_NOTES}
            {...bind('adminNotes')}
            data-autofocus
          />
          <RefundFields
            reservation={reservation}
            amount={bind('refundAmount')}
            reason={bind('refundReason')}
          />
          <DialogButtons busy={busy} onBack={onClose} color="red">
            Reject reservation
          </DialogButtons>
        </Stack>
      </form>
    </BusyModal>
  );
}
