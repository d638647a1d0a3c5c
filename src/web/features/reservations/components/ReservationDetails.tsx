import { Alert, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent, type ReactNode } from 'react';
import { messages } from '../../../../shared/messages.js';
import { statusLabel, userMay } from '../../../../shared/reservations.js';
import {
  reservationDetailsBody,
  type Reservation,
} from '../../../../shared/schemas/reservations.js';
import { errorMessage } from '../../../api/client.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog.js';
import { useCancelReservation, useUpdateReservationDetails } from '../api/reservations.js';

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

export interface ReservationDetailsProps {
  reservation: Reservation;
  /** Called after a successful edit or cancellation: the view collapses. */
  onDone: () => void;
}

/** The expanded row: the texts, and the owner's actions Edit Details and Cancel (SPEC §2, §4). */
export function ReservationDetails({ reservation: r, onDone }: ReservationDetailsProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
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

  if (editing) {
    return (
      <EditDetailsForm
        reservation={r}
        onCancel={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
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
        {r.status === 'cancelled' ? (
          <Detail label="Cancellation Reason">
            {r.cancellationReason ? statusLabel(r.cancellationReason) : 'Not provided'}
          </Detail>
        ) : null}
        {r.status === 'rejected' ? (
          <Detail label="Rejection Reason">{r.adminNotes?.trim() || 'Not provided'}</Detail>
        ) : null}
      </Stack>
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
                setEditing(true);
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
      <ConfirmDialog
        opened={confirming}
        title="Cancel Reservation"
        message={messages.confirmCancelReservation}
        confirmLabel="Yes, Cancel Reservation"
        cancelLabel="No, Keep It"
        confirmColor="red"
        busy={cancel.isPending}
        onConfirm={() => void confirmCancel()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}

interface EditDetailsFormProps {
  reservation: Reservation;
  onCancel: () => void;
  onSaved: () => void;
}

/** Inline edit of the event texts; name and description must not be blank (SPEC §5). */
function EditDetailsForm({ reservation: r, onCancel, onSaved }: EditDetailsFormProps) {
  const update = useUpdateReservationDetails();
  const [eventName, setEventName] = useState(r.eventName);
  const [eventDescription, setEventDescription] = useState(r.eventDescription);
  const [additionalInfo, setAdditionalInfo] = useState(r.additionalInfo ?? '');
  const [error, setError] = useState<string | null>(null);
  const blank = !eventName.trim() || !eventDescription.trim();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    // Trims the texts; an empty additional info is sent as null.
    const parsed = reservationDetailsBody.safeParse({ eventName, eventDescription, additionalInfo });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.userEditRequired);
      return;
    }
    try {
      await update.mutateAsync({ id: r.id, body: parsed.data });
    } catch (err) {
      setError(errorMessage(err, messages.updateFailed));
      return;
    }
    notifications.show({ color: 'teal', message: 'Reservation details updated.' });
    onSaved();
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={`Edit ${r.eventName}`}>
      <Stack gap="sm" py="xs">
        <TextInput
          label="Event Name"
          required
          value={eventName}
          onChange={(e) => setEventName(e.currentTarget.value)}
        />
        <Textarea
          label="Event Description"
          required
          rows={3}
          value={eventDescription}
          onChange={(e) => setEventDescription(e.currentTarget.value)}
        />
        <Textarea
          label="Additional Information"
          rows={2}
          value={additionalInfo}
          onChange={(e) => setAdditionalInfo(e.currentTarget.value)}
        />
        {blank ? (
          <Text c="red.9" size="sm" role="alert">
            {messages.userEditRequired}
          </Text>
        ) : null}
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button type="submit" disabled={blank || update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={update.isPending}>
            Cancel Edit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
