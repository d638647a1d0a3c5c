import { Fieldset, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { longDate, type DayKey } from '../../../../shared/dates.js';
import { DIETS, type Diet } from '../../../../shared/schemas/questionnaire.js';
import { DIET_LABELS } from '../../../../shared/schemas/questionnaire.js';
import { type Draft, type Problems } from '../questionnaire-draft.js';

/** The id of a field's input, from the form's prefix and the field's key (`diets.vegan`). */
export const fieldId = (prefix: string, key: string) => `${prefix}-${key.replace(/\./g, '-')}`;

/** The order in which the fields come, for the focus on the first problem. */
export const FIELD_ORDER = [
  'finalGuests',
  ...DIETS.map((d) => `diets.${d}`),
  'dietNotes',
  'arrivalTime',
  'setup',
];

export interface QuestionnaireFieldsProps {
  idPrefix: string;
  draft: Draft;
  problems: Problems;
  onChange: (change: Partial<Draft>) => void;
  /** The last day the member may give the count (null: none). */
  due: DayKey | null;
  /** Past its due day, for a member: shown, not changed. */
  countClosed: boolean;
}

const MAX_NOTES = 2000;

/** A whole number as typed, kept as text (empty: not given). */
const asText = (value: string | number) => (typeof value === 'number' ? String(value) : value);

/**
 * The questionnaire's own answers: the final count (read-only after its due
 * day for a member), the five diets, the diet notes, the arrival time and the
 * set-up notes, each with its problem under it.
 */
export function QuestionnaireFields({
  idPrefix,
  draft,
  problems,
  onChange,
  due,
  countClosed,
}: QuestionnaireFieldsProps) {
  const id = (key: string) => fieldId(idPrefix, key);
  const countNote = countClosed
    ? `The final count was due by ${longDate(due!)}. To change it now, ask the house.`
    : due
      ? `Give it by ${longDate(due)}. The price of the stay follows it.`
      : 'The price of the stay follows it.';
  const setDiet = (diet: Diet, value: string) =>
    onChange({ diets: { ...draft.diets, [diet]: value } });
  return (
    <Stack gap="md">
      <NumberInput
        id={id('finalGuests')}
        label="Final number of guests"
        description={countNote}
        value={draft.finalGuests}
        onChange={(value) => onChange({ finalGuests: asText(value) })}
        readOnly={countClosed}
        error={problems.finalGuests}
        min={1}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        hideControls
        maw={320}
      />
      <Fieldset legend="Diets" variant="unstyled">
        <Text size="sm" mb="xs">
          How many of your guests need each diet. Leave a diet empty when nobody does.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
          {DIETS.map((diet) => (
            <NumberInput
              key={diet}
              id={id(`diets.${diet}`)}
              label={DIET_LABELS[diet]}
              value={draft.diets[diet]}
              onChange={(value) => setDiet(diet, asText(value))}
              error={problems[`diets.${diet}`]}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              hideControls
            />
          ))}
        </SimpleGrid>
      </Fieldset>
      <Textarea
        id={id('dietNotes')}
        label="Diet notes"
        description="Allergies and anything else the kitchen should know."
        value={draft.dietNotes}
        onChange={(e) => onChange({ dietNotes: e.currentTarget.value })}
        error={problems.dietNotes}
        maxLength={MAX_NOTES}
        rows={3}
      />
      <TextInput
        id={id('arrivalTime')}
        type="time"
        label="Arrival time"
        description="When the first of your group arrive, for example 16:30."
        value={draft.arrivalTime}
        onChange={(e) => onChange({ arrivalTime: e.currentTarget.value })}
        error={problems.arrivalTime}
        maw={220}
      />
      <Textarea
        id={id('setup')}
        label="Set-up notes"
        description="How you would like the rooms arranged, and anything you need for your program."
        value={draft.setup}
        onChange={(e) => onChange({ setup: e.currentTarget.value })}
        error={problems.setup}
        maxLength={MAX_NOTES}
        rows={3}
      />
    </Stack>
  );
}
