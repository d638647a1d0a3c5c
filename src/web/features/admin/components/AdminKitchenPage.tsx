import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { longDate } from '../../../../shared/dates.js';
import { PageTitle } from '@/components/PageTitle.js';
import { useHouseToday } from '@/lib/api/houseToday.js';
import { kitchenPdfUrl } from '../api/kitchen.js';
import { kitchenRange } from '../kitchen.js';
import { KitchenDays } from './KitchenDays.js';
import { KitchenStays } from './KitchenStays.js';

/**
 * Kitchen (docs/house-operations.md, "Kitchen"): the meals to cook each day
 * of a range and the groups eating then, with their diets and notes, readable
 * on a phone in the kitchen, and the same as a PDF to print. The range is kept
 * in the address (`?from=&to=`); a week from today when it names none.
 */
export function AdminKitchenPage() {
  const [params, setParams] = useSearchParams();
  const today = useHouseToday();
  const range = kitchenRange(params.get('from'), params.get('to'), today);
  const valid = range.problem === null;

  /** Keeps both days in the address, so that emptying one field does not bring its default back. */
  function setDay(name: 'from' | 'to', value: string) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('from', range.from);
        next.set('to', range.to);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );
  }

  const errorOf = (field: 'from' | 'to') =>
    range.problem?.field === field ? range.problem.text : undefined;

  return (
    <>
      <PageTitle>Kitchen</PageTitle>
      <Stack>
        <Text>
          The meals to cook each day, with the diets among them, and the groups eating at the house.
        </Text>
        <Group align="flex-start" gap="md">
          <TextInput
            type="date"
            label="From"
            w={180}
            value={range.from}
            onChange={(e) => setDay('from', e.currentTarget.value)}
            error={errorOf('from')}
          />
          <TextInput
            type="date"
            label="To"
            w={180}
            value={range.to}
            onChange={(e) => setDay('to', e.currentTarget.value)}
            error={errorOf('to')}
          />
        </Group>
        {valid ? (
          <>
            <Group justify="space-between" align="center">
              <Text fw={600}>
                {range.from === range.to
                  ? longDate(range.from)
                  : `${longDate(range.from)} to ${longDate(range.to)}`}
              </Text>
              <Button
                component="a"
                href={kitchenPdfUrl({ from: range.from, to: range.to })}
                variant="default"
              >
                Print PDF
              </Button>
            </Group>
            <KitchenDays range={{ from: range.from, to: range.to }} />
            <KitchenStays range={{ from: range.from, to: range.to }} />
          </>
        ) : (
          <Text>Choose a valid range to see the meals.</Text>
        )}
      </Stack>
    </>
  );
}
