import { Stack, Textarea, TextInput } from '@mantine/core';
import { BusyModal } from '@/components/BusyModal.js';
import type { FormEvent } from 'react';
import { messages } from '../../../../shared/messages.js';
import {
  MAX_EVENT_NAME,
  MAX_LONG_TEXT,
  reservationDetailsBody,
} from '../../../../shared/schemas/reservations.js';
import { DialogButtons } from '@/components/forms/DialogButtons.js';
import { FormAlert } from '@/components/forms/FormAlert.js';
import { useServerErrors } from '@/components/forms/server-errors.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import type { DetailsChange, Reservation } from '../api/reservations.js';

export interface EditDetailsModalProps {
  reservation: Reservation;
  busy: boolean;
  /** The failure of the last save, shown in the dialog. */
  error: unknown;
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
  const form = useSchemaForm(reservationDetailsBody, {
    eventName: reservation.eventName,
    eventDescription: reservation.eventDescription,
    additionalInfo: reservation.additionalInfo ?? '',
  });
  const { errors, validate, bind } = form;
  const failure = useServerErrors(form, error, messages.adminUpdateFailed);
  const invalid = Object.values(errors).some(Boolean);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = validate();
    if (data) onSave({ id: reservation.id, ...data });
  }

  // The fields missing are marked; the dialog says what is wrong (docs/product.md §5's text).
  const shown = invalid ? messages.adminEditRequired : failure;
  const field = (name: 'eventName' | 'eventDescription' | 'additionalInfo') => {
    const bound = bind(name);
    return { ...bound, error: Boolean(bound.error) };
  };

  return (
    <BusyModal busy={busy} onClose={onClose} title="Edit reservation details" size="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormAlert>{shown}</FormAlert>
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
          <DialogButtons busy={busy} onBack={onClose} backLabel="Cancel Edit">
            {busy ? 'Saving...' : 'Save Changes'}
          </DialogButtons>
        </Stack>
      </form>
    </BusyModal>
  );
}
