import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { generatePath, Link } from 'react-router';
import { datePart } from '../../../../shared/dates.js';
import { isHolding, statusLabel } from '../../../../shared/reservations.js';
import type { Reservation } from '../../../../shared/schemas/reservations.js';
import { paths } from '@/app/paths.js';
import { useStayFacts } from '@/lib/stay-facts.js';
import { paymentState, price } from '../money.js';
import { ReservationDetails } from './ReservationDetails.js';

/** The dates of a reservation as shown: the day parts of its times (docs/product.md §3). */
export function reservationDates(r: Pick<Reservation, 'startTime' | 'endTime'>): string {
  const first = datePart(r.startTime);
  const last = datePart(r.endTime);
  return first === last ? first : `${first} to ${last}`;
}

/** The price line under the dates. */
export function PriceLine({ reservation: r }: { reservation: Reservation }) {
  return (
    <Text span display="block" size="sm">
      {`Price: ${price(r)}`}
    </Text>
  );
}

/** A group's guests and meals, a line each ("Guests: 20 expected"); nothing for another stay. */
function StayLines({ reservation: r }: { reservation: Reservation }) {
  return useStayFacts(r).people.map(({ label, text }) => (
    <Text key={label} span display="block" size="sm">
      {`${label}: ${text}`}
    </Text>
  ));
}

/** The status, then the payment state as a badge with its detail. */
export function StatusSummary({ reservation: r }: { reservation: Reservation }) {
  const payment = paymentState(r);
  return (
    <>
      <Text span display="block">
        {statusLabel(r.status)}
      </Text>
      <Group gap={6} wrap="wrap" mt={2}>
        <Badge variant="light" color={payment.color} size="sm">
          {payment.label}
        </Badge>
        <Text span size="xs">
          {payment.detail}
        </Text>
      </Group>
    </>
  );
}

export interface DetailsToggleProps {
  reservation: Reservation;
  open: boolean;
  onToggle: (r: Reservation) => void;
}

/** 'Show Details' / 'Hide Details' (docs/product.md §2). */
export function DetailsToggle({ reservation: r, open, onToggle }: DetailsToggleProps) {
  return (
    <Button
      size="compact-sm"
      variant="default"
      aria-expanded={open}
      aria-controls={open ? `reservation-details-${r.id}` : undefined}
      onClick={(e) => {
        e.stopPropagation();
        onToggle(r);
      }}
    >
      {open ? 'Hide Details' : 'Show Details'}
    </Button>
  );
}

/**
 * 'Open stay page' of a pending or approved reservation: its checklist,
 * questionnaire, attendees and documents (nothing for another status).
 */
export function StayPageLink({ reservation: r }: { reservation: Reservation }) {
  if (!isHolding(r.status)) return null;
  return (
    <Button
      component={Link}
      to={generatePath(paths.accountStay, { id: String(r.id) })}
      size="compact-sm"
      variant="light"
      aria-label={`Open stay page for ${r.eventName}`}
      onClick={(e) => e.stopPropagation()}
    >
      Open stay page
    </Button>
  );
}

export interface ReservationRowProps {
  reservation: Reservation;
  open: boolean;
  onToggle: (r: Reservation) => void;
  onCollapse: () => void;
}

/** A list of reservations of which one at most is open: its rows or its cards. */
export interface ExpandableList {
  expandedId: number | null;
  onToggle: (r: Reservation) => void;
  onCollapse: () => void;
}

/** The props of one reservation's row or card in the list: open when it is the expanded one. */
export function itemProps(
  r: Reservation,
  { expandedId, onToggle, onCollapse }: ExpandableList,
): ReservationRowProps {
  return { reservation: r, open: r.id === expandedId, onToggle, onCollapse };
}

/**
 * One reservation of the list (docs/product.md §2's four columns), its price under the
 * dates and its payment state under the status; the details row below when open.
 */
export function ReservationRow({
  reservation: r,
  open,
  onToggle,
  onCollapse,
}: ReservationRowProps) {
  return (
    <>
      <Table.Tr
        id={`reservation-${r.id}`}
        onClick={() => onToggle(r)}
        style={{ cursor: 'pointer' }}
        bg={open ? 'blue.0' : undefined}
      >
        <Table.Td>{r.eventName}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Text span display="block">
            {reservationDates(r)}
          </Text>
          <PriceLine reservation={r} />
          <StayLines reservation={r} />
        </Table.Td>
        <Table.Td>
          <StatusSummary reservation={r} />
        </Table.Td>
        <Table.Td>
          <Group gap="xs">
            <DetailsToggle reservation={r} open={open} onToggle={onToggle} />
            <StayPageLink reservation={r} />
          </Group>
        </Table.Td>
      </Table.Tr>
      {open ? (
        <Table.Tr>
          <Table.Td colSpan={4} id={`reservation-details-${r.id}`}>
            <ReservationDetails reservation={r} onDone={onCollapse} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}
