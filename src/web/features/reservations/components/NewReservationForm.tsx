import {
  Alert,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { daysBetween, longDate, type DayKey } from '../../../../shared/dates.js';
import { messages } from '../../../../shared/messages.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import type { DaySelection } from '@/components/month-calendar/index.js';
import { takenDays, useCreateReservation } from '../api/reservations.js';
import { justTakenMessage } from '../dayWords.js';
import {
  checkNewReservation,
  selectionBounds,
  type NewReservationErrors,
  type NewReservationFields,
} from '../selection.js';
import { QuoteSummary } from './QuoteSummary.js';

export interface NewReservationFormProps {
  selection: DaySelection | null;
  /** Whether a day is held by a pending or approved reservation. */
  held: (key: DayKey) => boolean;
  onClear: () => void;
  /** Called with the new reservation once the server has accepted it. */
  onSubmitted: (created: Reservation) => void;
}

function describeSelection(selection: DaySelection): string {
  const { first, last } = selectionBounds(selection);
  if (first === last) return `${longDate(first)} (1 day)`;
  return `${longDate(first)} to ${longDate(last)} (${daysBetween(first, last) + 1} days)`;
}

/** The 'New Reservation' form, shown while dates are selected (SPEC §2, §5). */
export function NewReservationForm({
  selection,
  held,
  onClear,
  onSubmitted,
}: NewReservationFormProps) {
  const create = useCreateReservation();
  const [fields, setFields] = useState<NewReservationFields>({
    eventName: '',
    eventDescription: '',
    additionalInfo: '',
  });
  const [errors, setErrors] = useState<NewReservationErrors>({});
  // A failed request, for the dates it asked for: another selection hides it.
  const [failed, setFailed] = useState<{ dates: string; first: DayKey; taken: DayKey[] } | null>(
    null,
  );
  const dates = selection ? describeSelection(selection) : 'none';
  const submitFailed = failed && failed.dates === dates ? failed : null;

  const set = (name: keyof NewReservationFields) => (value: string) =>
    setFields((f) => ({ ...f, [name]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailed(null);
    const check = checkNewReservation(selection, fields, held);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    let created: Reservation;
    try {
      created = await create.mutateAsync(check.body);
    } catch (error) {
      setFailed({ dates, first: check.body.startTime.slice(0, 10), taken: takenDays(error) });
      return;
    }
    notifications.show({
      color: 'teal',
      title: 'Reservation requested',
      message: 'Your reservation request was submitted and is pending approval.',
    });
    onSubmitted(created);
  }

  return (
    <Paper component="section" withBorder p="md" aria-labelledby="new-reservation-heading">
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack>
          <Title order={2} size="h3" id="new-reservation-heading">
            New Reservation
          </Title>
          <Group justify="space-between" align="center">
            <Text>
              <Text span fw={600}>
                Selected dates:{' '}
              </Text>
              {dates}
            </Text>
            <Button variant="default" size="compact-sm" onClick={onClear}>
              Clear selection
            </Button>
          </Group>
          {selection ? <QuoteSummary {...selectionBounds(selection)} /> : null}
          {errors.dates ? (
            <Alert color="red" role="alert">
              {errors.dates}
            </Alert>
          ) : null}
          {submitFailed ? (
            <Alert color="red" role="alert">
              <Text inherit>{messages.reservationSubmitFailed}</Text>
              {submitFailed.taken.length > 0 ? (
                <Text inherit mt={4}>
                  {justTakenMessage(submitFailed.taken, submitFailed.first)}
                </Text>
              ) : null}
            </Alert>
          ) : null}
          <TextInput
            label="Event Name"
            name="eventName"
            required
            value={fields.eventName}
            error={errors.eventName}
            onChange={(e) => set('eventName')(e.currentTarget.value)}
          />
          <Textarea
            label="Event Description"
            name="eventDescription"
            required
            rows={3}
            value={fields.eventDescription}
            error={errors.eventDescription}
            onChange={(e) => set('eventDescription')(e.currentTarget.value)}
          />
          <Textarea
            label="Additional Info"
            name="additionalInfo"
            rows={2}
            value={fields.additionalInfo}
            error={errors.additionalInfo}
            onChange={(e) => set('additionalInfo')(e.currentTarget.value)}
          />
          <Group>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Submitting...' : 'Submit Reservation Request'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
