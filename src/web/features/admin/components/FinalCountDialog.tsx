import { NumberInput, Stack, Text } from '@mantine/core';
import type { FormEvent } from 'react';
import { datePart } from '../../../../shared/dates.js';
import { messages } from '../../../../shared/messages.js';
import { questionnaireBody } from '../../../../shared/schemas/questionnaire.js';
import { z } from '../../../../shared/schemas/zod.js';
import { BusyModal } from '@/components/BusyModal.js';
import { DialogButtons } from '@/components/forms/DialogButtons.js';
import { FormAlert } from '@/components/forms/FormAlert.js';
import { useServerErrors } from '@/components/forms/server-errors.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import type { FinalCountChange, Reservation } from '../api/reservations.js';

const WHOLE_NUMBER = 'Give the final number of guests as a whole number.';

/** The count as typed, checked as the API checks it (a whole number, at least 1). */
const finalCountForm = z.object({
  finalGuests: z
    .string()
    .trim()
    .min(1, WHOLE_NUMBER)
    .transform(Number)
    .pipe(questionnaireBody.shape.finalGuests.unwrap().unwrap()),
});

export const FINAL_COUNT_NOTE =
  'The stay is priced again from this count and the church gets a new invoice. What was paid beyond the new price is refunded at once; a larger count leaves more to pay.';

export interface FinalCountDialogProps {
  reservation: Reservation;
  busy: boolean;
  /** The failure of the last request: on the field when the server names it, else above it. */
  error: unknown;
  onSave: (change: FinalCountChange) => void;
  onClose: () => void;
}

/**
 * Set an approved stay's final count (docs/money.md, "The final count"): the
 * guests expected and the count so far, then the new count; the server's
 * refusal (over the house's maximum) shows on the field.
 */
export function FinalCountDialog({
  reservation: r,
  busy,
  error,
  onSave,
  onClose,
}: FinalCountDialogProps) {
  const form = useSchemaForm(finalCountForm, {
    finalGuests: String(r.finalGuests ?? r.guests ?? ''),
  });
  const failure = useServerErrors(form, error, messages.adminActionFailed);
  const field = form.bind('finalGuests');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = form.validate();
    if (values) onSave({ id: r.id, finalGuests: values.finalGuests });
  }

  const expected = r.guests === null ? 'not given' : String(r.guests);
  const current = r.finalGuests === null ? 'not given yet' : String(r.finalGuests);
  return (
    <BusyModal busy={busy} onClose={onClose} title="Set final count">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text fw={600}>
            {r.eventName} ({datePart(r.startTime)} to {datePart(r.endTime)})
          </Text>
          <Text size="sm">{`Guests expected: ${expected}. Final count: ${current}.`}</Text>
          <FormAlert>{failure}</FormAlert>
          <NumberInput
            {...field}
            label="Final number of guests"
            description={FINAL_COUNT_NOTE}
            required
            min={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            data-autofocus
            // A number once typed; kept as text, as the form holds it.
            onChange={(value) => field.onChange(String(value))}
          />
          <DialogButtons busy={busy} onBack={onClose}>
            {busy ? 'Saving...' : 'Set final count'}
          </DialogButtons>
        </Stack>
      </form>
    </BusyModal>
  );
}
