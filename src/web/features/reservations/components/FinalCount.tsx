import { Group, NumberInput, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { longDate, type DayKey } from '../../../../shared/dates.js';
import { questionnaireBody } from '../../../../shared/schemas/questionnaire.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import { z } from '../../../../shared/schemas/zod.js';
import { errorMessage } from '@/lib/api/client.js';
import { useHouseToday } from '@/lib/api/houseToday.js';
import { FormAlert } from '@/components/forms/FormAlert.js';
import { showServerErrors } from '@/components/forms/server-errors.js';
import { SubmitButton } from '@/components/forms/SubmitButton.js';
import { useSchemaForm } from '@/components/forms/useSchemaForm.js';
import { useKeptState } from '@/components/kept-state.js';
import { pricingInfoQuery } from '../api/money.js';
import { questionnaireQuery, useSaveFinalCount } from '../api/stays.js';
import { price } from '../money.js';
import { typedNumber } from '../stay-fields.js';

export const FINAL_COUNT_LOADING = 'Loading the final count...';
export const FINAL_COUNT_LOAD_FAILED = 'The final count could not be loaded just now.';
export const FINAL_COUNT_SAVE_FAILED = 'The final count could not be saved.';

/** The final count as PUT /api/reservations/{id}/questionnaire checks it, within the house's maximum. */
function finalCountSchema(maximumGuests: number | undefined) {
  return z.object({
    finalGuests: z.preprocess(
      typedNumber,
      questionnaireBody.shape.finalGuests
        .unwrap()
        .unwrap()
        .superRefine((n, ctx) => {
          if (maximumGuests !== undefined && n > maximumGuests) {
            ctx.addIssue({
              code: 'custom',
              message: `The house takes at most ${maximumGuests} guests.`,
            });
          }
        }),
    ),
  });
}

interface FinalCountFormProps {
  reservation: Reservation;
  initial: number | null;
  due: DayKey | null;
}

/**
 * "Final number of guests" with its due day: saved, the stay is priced again
 * (an invoice, a refund of any overpayment) and its new price is shown once
 * the list has it. Refusals show on the field.
 */
function FinalCountForm({ reservation: r, initial, due }: FinalCountFormProps) {
  const maximumGuests = useQuery(pricingInfoQuery).data?.group?.maximumGuests;
  const schema = useMemo(() => finalCountSchema(maximumGuests), [maximumGuests]);
  // Kept above the list, like the other drafts of the details (kept-state.tsx).
  const [draft, setDraft] = useKeptState(`reservation-${r.id}:final-count`, {
    finalGuests: initial === null ? '' : String(initial),
  });
  const form = useSchemaForm(schema, draft, setDraft);
  const save = useSaveFinalCount(r.id);
  const [saved, setSaved] = useState<number | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(null);
    const values = form.validate();
    if (!values) return;
    try {
      await save.mutateAsync(values.finalGuests);
    } catch (err) {
      if (!showServerErrors(form, err)) {
        form.setError('finalGuests', errorMessage(err, FINAL_COUNT_SAVE_FAILED));
      }
      return;
    }
    setSaved(values.finalGuests);
  }

  const field = form.bind('finalGuests');
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Final count">
      <Stack gap="xs">
        <NumberInput
          {...field}
          label="Final number of guests"
          description={due ? `Give it by ${longDate(due)}.` : undefined}
          min={1}
          max={maximumGuests}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          hideControls
          maw={320}
          onChange={(value) => field.onChange(String(value))}
        />
        <Group>
          <SubmitButton pending={save.isPending} pendingLabel="Saving...">
            Save final count
          </SubmitButton>
        </Group>
        <FormAlert tone="success">
          {saved === null
            ? null
            : `Final count saved: ${saved} ${saved === 1 ? 'guest' : 'guests'}. The price is now ${price(r)}.`}
        </FormAlert>
      </Stack>
    </form>
  );
}

/**
 * The final count of an approved group stay (docs/money.md, "The final
 * count"): the form until its due day, after it a sentence saying the house
 * must change it.
 */
export function FinalCount({ reservation: r }: { reservation: Reservation }) {
  const questionnaire = useQuery(questionnaireQuery(r.id));
  const today = useHouseToday();
  if (questionnaire.isPending) return <Text size="sm">{FINAL_COUNT_LOADING}</Text>;
  if (questionnaire.isError) {
    return (
      <Text size="sm" c="red.9">
        {errorMessage(questionnaire.error, FINAL_COUNT_LOAD_FAILED)}
      </Text>
    );
  }
  const { finalGuests, finalCountDueDate: due } = questionnaire.data;
  if (due !== null && today > due) {
    return (
      <Text>
        {`The final count was due by ${longDate(due)}. To change the number of guests now, ask the house.`}
      </Text>
    );
  }
  return <FinalCountForm reservation={r} initial={finalGuests ?? r.finalGuests} due={due} />;
}
