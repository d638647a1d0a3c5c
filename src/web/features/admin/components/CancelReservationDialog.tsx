import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { BusyModal } from '@/components/BusyModal.js';
import type { FormEvent } from 'react';
import { datePart } from '../../../../shared/dates.js';
import { messages } from '../../../../shared/messages.js';
import { ConfirmDialog } from '@/components/ConfirmDialog.js';
import type { RefundChoice, Reservation } from '../api/reservations.js';
import { refundableCents } from '../money.js';
import { RefundFields, useRefundForm } from './RefundFields.js';

export interface CancelReservationDialogProps {
  reservation: Reservation;
  busy: boolean;
  /** A failure to show inside the dialog (refund dialog only: what was typed is kept). */
  error: string | null;
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
  const refund = useRefundForm(reservation);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const choice = refund.submit();
    if (choice) onCancelReservation(choice);
  }

  return (
    <BusyModal busy={busy} onClose={onClose} title={TITLE}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Question reservation={reservation} />
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <RefundFields reservation={reservation} form={refund} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
              Keep reservation
            </Button>
            <Button type="submit" color="red" loading={busy}>
              Cancel reservation
            </Button>
          </Group>
        </Stack>
      </form>
    </BusyModal>
  );
}
