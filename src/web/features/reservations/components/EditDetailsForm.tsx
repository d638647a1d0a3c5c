import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../../shared/messages.js';
import {
  MAX_EVENT_NAME,
  MAX_LONG_TEXT,
  reservationDetailsBody,
  type Reservation,
} from '../../../../shared/schemas/reservations.js';
import { errorMessage } from '@/lib/api/client.js';
import { FormAlert } from '@/components/forms/FormAlert.js';
import { showServerErrors } from '@/components/forms/server-errors.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import { useUpdateReservationDetails } from '../api/reservations.js';

/** What the member has typed so far. */
export interface DetailsDraft {
  eventName: string;
  eventDescription: string;
  additionalInfo: string;
}

/** A draft holding the reservation's texts as they are. */
export const draftOf = (r: Reservation): DetailsDraft => ({
  eventName: r.eventName,
  eventDescription: r.eventDescription,
  additionalInfo: r.additionalInfo ?? '',
});

export interface EditDetailsFormProps {
  reservation: Reservation;
  /** Held by the caller, so that it outlives this form (see ReservationDetails). */
  draft: DetailsDraft;
  onDraftChange: (draft: DetailsDraft) => void;
  onCancel: () => void;
  onSaved: () => void;
}

/** Inline edit of the event texts; name and description must not be blank (docs/product.md §5). */
export function EditDetailsForm({
  reservation: r,
  draft,
  onDraftChange,
  onCancel,
  onSaved,
}: EditDetailsFormProps) {
  const update = useUpdateReservationDetails();
  // Starts from the kept draft and keeps it up to date; trims the texts, an
  // empty additional info is sent as null.
  const form = useSchemaForm(reservationDetailsBody, draft, onDraftChange);
  const { fields, validate, bind } = form;
  const [error, setError] = useState<string | null>(null);
  const blank = !fields.eventName.trim() || !fields.eventDescription.trim();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const body = validate();
    if (!body) return;
    try {
      await update.mutateAsync({ id: r.id, body });
    } catch (err) {
      // A 400's field errors go to the field, anything else below the fields.
      if (!showServerErrors(form, err)) setError(errorMessage(err, messages.updateFailed));
      return;
    }
    notifications.show({ color: 'teal', message: 'Reservation details updated.' });
    onSaved();
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={`Edit ${r.eventName}`}>
      <Stack gap="sm" py="xs">
        <TextInput label="Event Name" required maxLength={MAX_EVENT_NAME} {...bind('eventName')} />
        <Textarea
          label="Event Description"
          required
          rows={3}
          maxLength={MAX_LONG_TEXT}
          {...bind('eventDescription')}
        />
        <Textarea
          label="Additional Information"
          rows={2}
          maxLength={MAX_LONG_TEXT}
          {...bind('additionalInfo')}
        />
        {blank ? (
          <Text c="red.9" size="sm" role="alert">
            {messages.userEditRequired}
          </Text>
        ) : null}
        <FormAlert>{error}</FormAlert>
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
