import { Box, Paper, Stack } from '@mantine/core';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import { Field, FieldList } from '@/components/cards/CardList.js';
import { DateRange } from '@/components/cards/DateRange.js';
import { ReservationDetails } from './ReservationDetails.js';
import {
  DetailsToggle,
  PriceLine,
  StatusSummary,
  reservationDates,
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
        <Field label="Status">
          <StatusSummary reservation={r} />
        </Field>
      </FieldList>
      <Box mt="sm">
        <DetailsToggle reservation={r} open={open} onToggle={onToggle} />
      </Box>
      {open ? (
        <Box id={`reservation-details-${r.id}`} mt="xs">
          <ReservationDetails reservation={r} onDone={onCollapse} />
        </Box>
      ) : null}
    </Paper>
  );
}

export interface ReservationCardsProps {
  reservations: Reservation[];
  /** Names the list, e.g. the id of the section's heading. */
  labelledBy: string;
  expandedId: number | null;
  onToggle: (r: Reservation) => void;
  onCollapse: () => void;
}

/** The member's reservations as a list of cards (phones: no table to scroll sideways). */
export function ReservationCards({
  reservations,
  labelledBy,
  expandedId,
  onToggle,
  onCollapse,
}: ReservationCardsProps) {
  return (
    <Stack
      component="ul"
      role="list"
      aria-labelledby={labelledBy}
      gap="sm"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {reservations.map((r) => (
        <ReservationCard
          key={r.id}
          reservation={r}
          open={r.id === expandedId}
          onToggle={onToggle}
          onCollapse={onCollapse}
        />
      ))}
    </Stack>
  );
}
