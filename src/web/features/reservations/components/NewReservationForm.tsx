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
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { daysBetween, longDate, type DayKey } from '../../../../shared/dates.js';
import { messages } from '../../../../shared/messages.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import type { DaySelection } from '@/components/month-calendar/index.js';
import { FormAlert } from '@/components/forms/FormAlert.js';
import { showServerErrors } from '@/components/forms/server-errors.js';
import { SubmitButton } from '@/components/forms/SubmitButton.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import { pricingInfoQuery } from '../api/money.js';
import { takenDays, useCreateReservation } from '../api/reservations.js';
import { justTakenMessage } from '../dayWords.js';
import { checkNewReservation, selectionBounds } from '../selection.js';
import { EMPTY_FIELDS, newReservationFormSchema, priceChoice } from '../stay-fields.js';
import { GroupStayFields } from './GroupStayFields.js';
import { QuoteSummary } from './QuoteSummary.js';

/** How long the typed number of guests rests before it is priced. */
export const GUESTS_QUOTE_DELAY_MS = 400;

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

/** The 'New Reservation' form, shown while dates are selected (docs/product.md §2, §5). */
export function NewReservationForm({
  selection,
  held,
  onClear,
  onSubmitted,
}: NewReservationFormProps) {
  const create = useCreateReservation();
  // With group pricing the form asks the guests and the meals too (docs/money.md).
  const rules = useQuery(pricingInfoQuery).data;
  const group = rules?.group;
  const schema = useMemo(() => newReservationFormSchema(rules), [rules]);
  const form = useSchemaForm(schema, EMPTY_FIELDS);
  const { fields, validate, bind } = form;
  // The quote follows the guests once the typing rests, and the meals at once.
  const [restingGuests] = useDebouncedValue(fields.guests, GUESTS_QUOTE_DELAY_MS);
  const priced = rules && group ? priceChoice(rules, restingGuests, fields.mealPlan) : null;
  // What is wrong with the selected days, until the next submit.
  const [datesError, setDatesError] = useState<string | null>(null);
  // A failed request, for the dates it asked for: another selection hides it.
  const [failed, setFailed] = useState<{ dates: string; first: DayKey; taken: DayKey[] } | null>(
    null,
  );
  const dates = selection ? describeSelection(selection) : 'none';
  const submitFailed = failed && failed.dates === dates ? failed : null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailed(null);
    // The texts' messages go to their fields; the days' message above them.
    const values = validate();
    const { eventName, eventDescription, additionalInfo } = fields;
    const check = checkNewReservation(
      selection,
      { eventName, eventDescription, additionalInfo },
      held,
    );
    setDatesError(check.ok ? null : (check.errors.dates ?? null));
    if (!values || !check.ok) return;
    // With group pricing, guests left empty go as null: billed for the house's minimum.
    const body = group
      ? { ...check.body, guests: values.guests ?? null, mealPlan: values.mealPlan ?? null }
      : check.body;
    let created: Reservation;
    try {
      created = await create.mutateAsync(body);
    } catch (error) {
      showServerErrors(form, error, { invalid_guests: 'guests', unknown_meal_plan: 'mealPlan' });
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
          {rules && group ? (
            <GroupStayFields
              group={group}
              currency={rules.currency}
              guests={{ ...bind('guests'), error: bind('guests').error ?? priced?.problem }}
              mealPlan={bind('mealPlan')}
            />
          ) : null}
          {selection ? (
            <QuoteSummary
              {...selectionBounds(selection)}
              choice={priced?.choice ?? undefined}
              waiting={priced?.waiting ?? null}
            />
          ) : null}
          <FormAlert>{datesError}</FormAlert>
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
          <TextInput label="Event Name" required {...bind('eventName')} />
          <Textarea label="Event Description" required rows={3} {...bind('eventDescription')} />
          <Textarea label="Additional Info" rows={2} {...bind('additionalInfo')} />
          <Group>
            <SubmitButton pending={create.isPending} pendingLabel="Submitting...">
              Submit Reservation Request
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
