import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { BusyModal } from '@/components/BusyModal.js';
import { useState, type FormEvent } from 'react';
import { MAX_ADMIN_NOTES } from '../../../../shared/schemas/reservations.js';
import type { RefundChoice, Reservation } from '../api/reservations.js';
import { RefundFields, useRefundForm } from './RefundFields.js';

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
  const [reason, setReason] = useState('');
  const refund = useRefundForm(reservation);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const choice = refund.submit();
    if (!choice) return;
    const adminNotes = reason.trim();
    onReject(adminNotes ? { adminNotes, ...choice } : choice);
  }

  return (
    <BusyModal busy={busy} onClose={onClose} title="Reject reservation">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text>
            Reject <strong>{reservation.eventName}</strong> of {reservation.user.username}?
          </Text>
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Textarea
            label="Reason (optional)"
            description="Shown to the member as the rejection reason."
            resize="vertical"
            rows={3}
            maxLength={MAX_ADMIN_NOTES}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-autofocus
          />
          <RefundFields reservation={reservation} form={refund} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Back
            </Button>
            <Button type="submit" color="red" loading={busy}>
              Reject reservation
            </Button>
          </Group>
        </Stack>
      </form>
    </BusyModal>
  );
}
