import { Button, Card, Group, Text } from '@mantine/core';
import type { DayKey } from '../../../../shared/dates.js';
import { longDate } from '../../../../shared/dates.js';
import { CardList, Field, FieldList } from '@/components/cards/CardList.js';
import type { AdminClosure } from '../api/closures.js';

const span = (c: AdminClosure) =>
  c.startDate === c.endDate
    ? longDate(c.startDate as DayKey)
    : `${longDate(c.startDate as DayKey)} to ${longDate(c.endDate as DayKey)}`;

/** The closures as cards (they read well at every width): dates, labels, reason and Remove. */
export function ClosuresList({
  closures,
  busyId,
  onRemove,
}: {
  closures: readonly AdminClosure[];
  busyId: number | undefined;
  onRemove: (closure: AdminClosure) => void;
}) {
  return (
    <CardList labelledBy="closures-heading">
      {closures.map((c) => (
        <Card
          key={c.id}
          component="li"
          withBorder
          padding="sm"
          id={`closure-${c.id}`}
          tabIndex={-1}
          aria-label={`Closed ${span(c)}`}
        >
          <Text fw={600} mb="xs">
            {span(c)}
          </Text>
          <FieldList>
            <Field label="Shown as">{c.label}</Field>
            <Field label="Reason">{c.reason}</Field>
            <Field label="By">{c.createdBy ?? 'A former user'}</Field>
          </FieldList>
          <Group justify="flex-end" mt="sm">
            <Button
              variant="light"
              color="red"
              loading={busyId === c.id}
              onClick={() => onRemove(c)}
              aria-label={`Open ${span(c)} again`}
            >
              Open again
            </Button>
          </Group>
        </Card>
      ))}
    </CardList>
  );
}
