import { Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { CardList, Field, FieldList } from '@/components/cards/CardList.js';
import { DateRange } from '@/components/cards/DateRange.js';
import { QueryStatus } from '@/components/QueryStatus.js';
import { kitchenStaysQuery, type KitchenQuery, type KitchenStay } from '../api/kitchen.js';
import { dietWords } from '../kitchen.js';
import { ANSWERS_WORDS } from '../../../../shared/schemas/operations.js';

export const kitchenStaysFailed = 'Could not load the groups of these days.';
export const noGroups = 'No group eats at the house in these days.';

const guestsText = (s: KitchenStay) =>
  s.finalCount ? `${s.guests} (final count)` : `${s.guests} expected`;

/**
 * The groups eating at the house in the range, each as a card at every width:
 * their notes are free text, too long for a table's cell.
 */
export function KitchenStays({ range }: { range: KitchenQuery }) {
  const stays = useQuery(kitchenStaysQuery(range));
  const list = stays.data ?? [];
  // The server names the plan the stay was priced with (its label, not its id).
  const planName = (label: string | null) => label ?? 'No meals';
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="sm">
        Groups
      </Title>
      <QueryStatus query={stays} failed={kitchenStaysFailed} loading="Loading the groups..." />
      {stays.data && list.length === 0 ? <Text>{noGroups}</Text> : null}
      {list.length > 0 ? (
        <CardList labelledBy={headingId}>
          {list.map((s) => (
            <Paper component="li" key={s.id} withBorder p="md">
              <Title order={3} size="h4" mb="xs">
                {s.eventName}
              </Title>
              <FieldList>
                <Field label="Church">{s.accountName ?? 'No church'}</Field>
                <Field label="Dates">
                  <DateRange dates={`${s.firstDay} to ${s.lastDay}`} />
                </Field>
                <Field label="Guests">
                  <Text fz="lg" fw={700}>
                    {guestsText(s)}
                  </Text>
                </Field>
                <Field label="Meals">{planName(s.mealPlan)}</Field>
                <Field label="Questionnaire">{ANSWERS_WORDS[s.answers]}</Field>
                <Field label="Arrival">{s.arrivalTime ?? 'Not given'}</Field>
                <Field label="Diets">{dietWords(s.diets) ?? 'None'}</Field>
                <Field label="Diet notes">
                  <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {s.dietNotes.trim() || 'None'}
                  </Text>
                </Field>
              </FieldList>
            </Paper>
          ))}
        </CardList>
      ) : null}
    </section>
  );
}
