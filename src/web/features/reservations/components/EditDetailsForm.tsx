import { Alert, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../../shared/messages.js';
import {
  reservationDetailsBody,
  type Reservation,
} from '../../../../shared/schemas/reservations.js';
import { errorMessage } from '@/lib/api/client.js';
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
  const { eventName, eventDescription, additionalInfo } = draft;
  const [error, setError] = useState<string | null>(null);
  const blank = !eventName.trim() || !eventDescription.trim();
  const change = (field: keyof DetailsDraft) => (value: string) =>
    onDraftChange({ ...draft, [field]: value });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    // Trims the texts; an empty additional info is sent as null.
    const parsed = reservationDetailsBody.safeParse(draft);
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
          onChange={(e) => change('eventName')(e.currentTarget.value)}
        />
        <Textarea
          label="Event Description"
          required
          rows={3}
          value={eventDescription}
          onChange={(e) => change('eventDescription')(e.currentTarget.value)}
        />
        <Textarea
          label="Additional Information"
          rows={2}
          value={additionalInfo}
          onChange={(e) => change('additionalInfo')(e.currentTarget.value)}
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
