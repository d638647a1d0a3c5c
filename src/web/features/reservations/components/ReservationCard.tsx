import { Box, Group, Paper } from '@mantine/core';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import { CardList, Field, FieldList } from '@/components/cards/CardList.js';
import { DateRange } from '@/components/cards/DateRange.js';
import { useStayFacts } from '@/lib/stay-facts.js';
import { ReservationDetails } from './ReservationDetails.js';
import {
  DetailsToggle,
  PriceLine,
  StatusSummary,
  StayPageLink,
  itemProps,
  reservationDates,
  type ExpandableList,
  type ReservationRowProps,
} from './ReservationRow.js';

/**
 * One reservation on a phone: a list item with the table's columns as labelled
 * fields, its 'Show Details' button, and the details below it when open.
 */
export function ReservationCard({
  reservation: r,
  open,
  onToggle,
  onCollapse,
}: ReservationRowProps) {
  // A group's guests and meals (docs/money.md).
  const stay = useStayFacts(r).people;
  return (
    <Paper
      component="li"
      id={`reservation-${r.id}`}
      withBorder
      p="sm"
      bg={open ? 'blue.0' : undefined}
    >
      <FieldList>
        <Field label="Event Name">{r.eventName}</Field>
        <Field label="Dates">
          <DateRange dates={reservationDates(r)} />
          <PriceLine reservation={r} />
        </Field>
        {stay.map(({ label, text }) => (
          <Field key={label} label={label}>
            {text}
          </Field>
        ))}
        <Field label="Status">
          <StatusSummary reservation={r} />
        </Field>
      </FieldList>
      <Group mt="sm" gap="xs">
        <DetailsToggle reservation={r} open={open} onToggle={onToggle} />
        <StayPageLink reservation={r} />
      </Group>
      {open ? (
        <Box id={`reservation-details-${r.id}`} mt="xs">
          <ReservationDetails reservation={r} onDone={onCollapse} />
        </Box>
      ) : null}
    </Paper>
  );
}

export interface ReservationCardsProps extends ExpandableList {
  reservations: Reservation[];
  /** Names the list, e.g. the id of the section's heading. */
  labelledBy: string;
}

/** The member's reservations as a list of cards (phones: no table to scroll sideways). */
export function ReservationCards({ reservations, labelledBy, ...list }: ReservationCardsProps) {
  return (
    <CardList labelledBy={labelledBy}>
      {reservations.map((r) => (
        <ReservationCard key={r.id} {...itemProps(r, list)} />
      ))}
    </CardList>
  );
}
