import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../../shared/messages.js';
import { MAX_EVENT_NAME, MAX_LONG_TEXT } from '../../../../shared/schemas/reservations.js';
import type { DetailsChange, Reservation } from '../api/reservations.js';

export interface EditDetailsModalProps {
  reservation: Reservation;
  busy: boolean;
  /** The failure of the last save, shown in the dialog. */
  error: string | null;
  onSave: (change: DetailsChange) => void;
  onClose: () => void;
}

/** Edit a reservation's event name, description and additional information (SPEC §5 'Admin edit'). */
export function EditDetailsModal({
  reservation,
  busy,
  error,
  onSave,
  onClose,
}: EditDetailsModalProps) {
  const [eventName, setEventName] = useState(reservation.eventName);
  const [eventDescription, setEventDescription] = useState(reservation.eventDescription);
  const [additionalInfo, setAdditionalInfo] = useState(reservation.additionalInfo ?? '');
  const [invalid, setInvalid] = useState(false);

  const nameMissing = invalid && !eventName.trim();
  const descriptionMissing = invalid && !eventDescription.trim();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!eventName.trim() || !eventDescription.trim()) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onSave({
      id: reservation.id,
      eventName: eventName.trim(),
      eventDescription: eventDescription.trim(),
      additionalInfo: additionalInfo.trim() || null,
    });
  }

  const shown = invalid ? messages.adminEditRequired : error;

  return (
    <Modal
      opened
      onClose={() => {
        if (!busy) onClose();
      }}
      title="Edit reservation details"
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
      centered
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {shown ? (
            <Alert color="red" role="alert">
              {shown}
            </Alert>
          ) : null}
          <TextInput
            label="Event Name"
            required
            maxLength={MAX_EVENT_NAME}
            error={nameMissing}
            value={eventName}
            onChange={(e) => setEventName(e.currentTarget.value)}
            data-autofocus
          />
          <Textarea
            label="Description"
            required
            resize="vertical"
            rows={3}
            maxLength={MAX_LONG_TEXT}
            error={descriptionMissing}
            value={eventDescription}
            onChange={(e) => setEventDescription(e.currentTarget.value)}
          />
          <Textarea
            label="Additional Information"
            resize="vertical"
            rows={2}
            maxLength={MAX_LONG_TEXT}
            value={additionalInfo}
            onChange={(e) => setAdditionalInfo(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel Edit
            </Button>
            <Button type="submit" loading={busy}>
              {busy ? 'Saving...' : 'Save Changes'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
