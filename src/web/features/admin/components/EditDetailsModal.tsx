import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { BusyModal } from '@/components/BusyModal.js';
import type { FormEvent } from 'react';
import { messages } from '../../../../shared/messages.js';
import {
  MAX_EVENT_NAME,
  MAX_LONG_TEXT,
  reservationDetailsBody,
} from '../../../../shared/schemas/reservations.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import type { DetailsChange, Reservation } from '../api/reservations.js';

export interface EditDetailsModalProps {
  reservation: Reservation;
  busy: boolean;
  /** The failure of the last save, shown in the dialog. */
  error: string | null;
  onSave: (change: DetailsChange) => void;
  onClose: () => void;
}

/** Edit a reservation's event name, description and additional information (docs/product.md §5 'Admin edit'). */
export function EditDetailsModal({
  reservation,
  busy,
  error,
  onSave,
  onClose,
}: EditDetailsModalProps) {
  // The shared schema trims the texts and sends an empty additional information as null.
  const { errors, validate, bind } = useSchemaForm(reservationDetailsBody, {
    eventName: reservation.eventName,
    eventDescription: reservation.eventDescription,
    additionalInfo: reservation.additionalInfo ?? '',
  });
  const invalid = Object.values(errors).some(Boolean);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = validate();
    if (data) onSave({ id: reservation.id, ...data });
  }

  // The fields missing are marked; the dialog says what is wrong (docs/product.md §5's text).
  const shown = invalid ? messages.adminEditRequired : error;
  const field = (name: 'eventName' | 'eventDescription' | 'additionalInfo') => {
    const bound = bind(name);
    return { ...bound, error: Boolean(bound.error) };
  };

  return (
    <BusyModal busy={busy} onClose={onClose} title="Edit reservation details" size="lg">
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
            {...field('eventName')}
            data-autofocus
          />
          <Textarea
            label="Description"
            required
            resize="vertical"
            rows={3}
            maxLength={MAX_LONG_TEXT}
            {...field('eventDescription')}
          />
          <Textarea
            label="Additional Information"
            resize="vertical"
            rows={2}
            maxLength={MAX_LONG_TEXT}
            {...field('additionalInfo')}
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
    </BusyModal>
  );
}
