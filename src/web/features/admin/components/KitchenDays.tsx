import { Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { longDate } from '../../../../shared/dates.js';
import { CardsOrTable, type CardColumn } from '@/components/cards/CardsOrTable.js';
import { QueryStatus } from '@/components/QueryStatus.js';
import { kitchenDaysQuery, type KitchenDay, type KitchenQuery } from '../api/kitchen.js';
import { dietWords } from '../kitchen.js';

export const kitchenDaysFailed = 'Could not load the meals of these days.';
export const noMeals = 'No meals to cook in these days.';

/** A count the cook reads from across the kitchen. */
const big = (n: number) => (
  <Text fz="xl" fw={700} lh={1.2}>
    {n}
  </Text>
);

const columns: CardColumn<KitchenDay & { id: string }>[] = [
  { label: 'Day', cell: (d) => <Text fw={700}>{longDate(d.date)}</Text> },
  { label: 'Breakfast', cell: (d) => big(d.breakfast) },
  { label: 'Lunch', cell: (d) => big(d.lunch) },
  { label: 'Dinner', cell: (d) => big(d.dinner) },
  { label: 'Diets', cell: (d) => <Text fz="lg">{dietWords(d.diets) ?? 'None'}</Text> },
];

const meals = (d: KitchenDay) => d.breakfast + d.lunch + d.dinner;

/** Each day of the range: breakfasts, lunches and dinners to cook, and the diets among them. */
export function KitchenDays({ range }: { range: KitchenQuery }) {
  const days = useQuery(kitchenDaysQuery(range));
  const id = useId();
  const rows = (days.data ?? []).map((d) => ({ ...d, id: d.date }));
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="sm">
        Meals by day
      </Title>
      <QueryStatus query={days} failed={kitchenDaysFailed} loading="Loading the meals..." />
      {days.data && !rows.some((d) => meals(d) > 0) ? <Text>{noMeals}</Text> : null}
      {rows.some((d) => meals(d) > 0) ? (
        <CardsOrTable label="Meals by day" items={rows} columns={columns} />
      ) : null}
    </section>
  );
}
