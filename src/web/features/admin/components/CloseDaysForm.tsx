import { Alert, Button, Group, List, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  DEFAULT_CLOSURE_LABEL,
  MAX_CLOSURE_LABEL,
  MAX_CLOSURE_REASON,
  createClosureBody,
  type AdminClosure,
} from '../../../../shared/schemas/closures.js';
import { ApiError, errorMessage } from '@/lib/api/client.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import { useCreateClosure } from '../api/closures.js';

const EMPTY = { startDate: '', endDate: '', reason: '', publicLabel: '' };

export const closeDaysFailed = 'The days could not be closed.';

interface InTheWay {
  id: number;
  eventName: string;
  startDate: string;
  endDate: string;
  accountName: string | null;
}

/** The reservations a 409 named, when it named any. */
function reservationsInTheWay(error: unknown): InTheWay[] {
  if (!(error instanceof ApiError) || error.code !== 'closure_over_reservations') return [];
  const list = error.details?.reservations;
  return Array.isArray(list) ? (list as InTheWay[]) : [];
}

/**
 * Closes days (docs/calendar.md): the dates, the reason for the staff and an
 * optional public label. The shared schema checks the fields before sending;
 * a refusal names the reservations that hold any of the days.
 */
export function CloseDaysForm({ onClosed }: { onClosed: (closure: AdminClosure) => void }) {
  const create = useCreateClosure();
  const { setFields, errors, validate, bind } = useSchemaForm(createClosureBody, EMPTY);
  const [failure, setFailure] = useState<unknown>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const data = validate();
    if (!data) return;
    try {
      const closure = await create.mutateAsync(data);
      setFields(EMPTY);
      onClosed(closure);
    } catch (err) {
      setFailure(err);
    }
  }

  const inTheWay = reservationsInTheWay(failure);
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Close days">
      <Stack gap="sm">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            type="date"
            label="First closed day"
            required
            miw={160}
            {...bind('startDate')}
            error={errors.startDate ?? errors['']}
          />
          <TextInput type="date" label="Last closed day" required miw={160} {...bind('endDate')} />
        </Group>
        <Textarea
          label="Reason (for the staff)"
          description="Never shown outside the admin area."
          required
          minRows={2}
          maxLength={MAX_CLOSURE_REASON}
          {...bind('reason')}
        />
        <TextInput
          label="Public label"
          description={`What calendars and feeds show; "${DEFAULT_CLOSURE_LABEL}" when empty.`}
          placeholder={DEFAULT_CLOSURE_LABEL}
          maxLength={MAX_CLOSURE_LABEL}
          {...bind('publicLabel')}
        />
        {failure ? (
          <Alert color="red" role="alert" title={closeDaysFailed}>
            <Text size="sm">{errorMessage(failure, 'Please try again.')}</Text>
            {inTheWay.length > 0 ? (
              <List size="sm" mt="xs" aria-label="Reservations holding these days">
                {inTheWay.map((r) => (
                  <List.Item key={r.id}>
                    {`${r.eventName}, ${r.accountName ?? 'no church'}: ${r.startDate} to ${r.endDate}`}
                  </List.Item>
                ))}
              </List>
            ) : null}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={create.isPending}>
            Close these days
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
