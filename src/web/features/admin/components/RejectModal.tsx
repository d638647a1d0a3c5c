import { Stack, Text, Textarea } from '@mantine/core';
import { BusyModal } from '@/components/BusyModal.js';
import type { FormEvent } from 'react';
import { MAX_ADMIN_NOTES, statusChangeBody } from '../../../../shared/schemas/reservations.js';
import { DialogButtons } from '@/components/forms/DialogButtons.js';
import { FormAlert } from '@/components/forms/FormAlert.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import type { RefundChoice, Reservation } from '../api/reservations.js';
import { RefundFields, useRefundForm } from './RefundFields.js';

/** The reason, as the status change stores it: trimmed, at most MAX_ADMIN_NOTES, empty as null. */
const reasonForm = statusChangeBody.pick({ adminNotes: true });

export type Rejection = { adminNotes?: string } & RefundChoice;

export interface RejectModalProps {
  reservation: Reservation;
  busy: boolean;
  /** A failure to show inside the dialog (what was typed is kept). */
  error: string | null;
  onReject: (rejection: Rejection) => void;
  onClose: () => void;
}

/**
 * Reject a reservation with an optional reason, stored as its admin notes;
 * money paid is refunded with it, all of it unless a smaller refund is given
 * with its reason (docs/money.md).
 */
export function RejectModal({ reservation, busy, error, onReject, onClose }: RejectModalProps) {
  const { validate, bind } = useSchemaForm(reasonForm, { adminNotes: '' });
  const refund = useRefundForm(reservation);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = validate();
    const choice = refund.submit();
    if (!reason || !choice) return;
    const { adminNotes } = reason;
    onReject(adminNotes ? { adminNotes, ...choice } : choice);
  }

  return (
    <BusyModal busy={busy} onClose={onClose} title="Reject reservation">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text>
            Reject <strong>{reservation.eventName}</strong> of {reservation.user.username}?
          </Text>
          <FormAlert>{error}</FormAlert>
          <Textarea
            label="Reason (optional)"
            description="Shown to the member as the rejection reason."
            resize="vertical"
            rows={3}
            maxLength={MAX_ADMIN_NOTES}
            {...bind('adminNotes')}
            data-autofocus
          />
          <RefundFields reservation={reservation} form={refund} />
          <DialogButtons busy={busy} onBack={onClose} color="red">
            Reject reservation
          </DialogButtons>
        </Stack>
      </form>
    </BusyModal>
  );
}
