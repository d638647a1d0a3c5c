import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { datePart, inclusiveDayCount } from '../../../../shared/dates.js';
import { formatMoney } from '../../../../shared/pricing.js';
import { adminMay, statusLabel, type AdminTab } from '../../../../shared/reservations.js';
import type { Reservation } from '../api/reservations.js';
import { paymentState } from '../money.js';
import type { DialogKind } from './useReservationActions.js';

/** Badges keep their whole text instead of an ellipsis in narrow columns. */
const noShrink = { minWidth: 'max-content' } as const;
const noWrap = { whiteSpace: 'nowrap' } as const;
const noCaps = { textTransform: 'none' } as const;

const STATUS_COLORS: Record<string, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  cancelled: 'gray',
};

/** Tabs whose rows may be deleted: only while viewing that status. */
const isDeleteTab = (tab: AdminTab): tab is 'cancelled' | 'rejected' =>
  tab === 'cancelled' || tab === 'rejected';

export interface ReservationRowProps {
  reservation: Reservation;
  tab: AdminTab;
  busy: boolean;
  onApprove: (r: Reservation) => void;
  onOpen: (kind: DialogKind, r: Reservation) => void;
}

/** One reservation: event, member and church, dates, status, price and payment, actions. */
export function ReservationRow({
  reservation: r,
  tab,
  busy,
  onApprove,
  onOpen,
}: ReservationRowProps) {
  const days = inclusiveDayCount(r.startTime, r.endTime);
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600}>{r.eventName}</Text>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {r.eventDescription}
        </Text>
        {r.additionalInfo ? (
          <Text size="sm" c="dimmed" lineClamp={2}>
            Additional information: {r.additionalInfo}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text>{r.user.username}</Text>
        {r.accountName ? <Text size="sm">{r.accountName}</Text> : null}
        {r.user.email ? (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {r.user.email}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text style={noWrap}>
          {datePart(r.startTime)} to {datePart(r.endTime)}
        </Text>
        <Text size="sm" c="dimmed">
          {days === 1 ? '1 day' : `${days} days`}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[r.status] ?? 'gray'} variant="light" style={noShrink}>
          {statusLabel(r.status)}
        </Badge>
        {r.status === 'rejected' && r.adminNotes ? (
          <Text size="sm" c="dimmed">
            Rejection reason: {r.adminNotes}
          </Text>
        ) : null}
        {r.status === 'cancelled' && r.cancellationReason ? (
          <Text size="sm" c="dimmed">
            Reason: {statusLabel(r.cancellationReason)}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <PaymentCell reservation={r} />
      </Table.Td>
      <Table.Td>
        <RowActions
          reservation={r}
          canDelete={isDeleteTab(tab) && r.status === tab && adminMay('delete', r.status)}
          busy={busy}
          onApprove={onApprove}
          onOpen={onOpen}
        />
      </Table.Td>
    </Table.Tr>
  );
}

/** The price, then Unpaid / Paid $X, and Refunded $Y once something was refunded. */
function PaymentCell({ reservation: r }: { reservation: Reservation }) {
  const state = paymentState(r);
  return (
    <Stack gap={4} align="flex-start">
      <Text style={noWrap}>{formatMoney(r.priceCents, r.currency)}</Text>
      <Badge
        color={r.paymentStatus === 'paid' || r.paidCents > 0 ? 'green' : 'gray'}
        variant="outline"
        style={{ ...noShrink, ...noCaps }}
      >
        {state.paid}
      </Badge>
      {state.refunded ? (
        <Badge color="orange" variant="outline" style={{ ...noShrink, ...noCaps }}>
          {state.refunded}
        </Badge>
      ) : null}
    </Stack>
  );
}

function RowActions({
  reservation: r,
  canDelete,
  busy,
  onApprove,
  onOpen,
}: Omit<ReservationRowProps, 'tab'> & { canDelete: boolean }) {
  const action = (kind: DialogKind, label: string, variant: string, color?: string) => (
    <Button
      size="xs"
      color={color}
      variant={variant}
      aria-label={`${label} ${r.eventName}`}
      onClick={() => onOpen(kind, r)}
      disabled={busy}
    >
      {label}
    </Button>
  );
  return (
    <Group gap={6} wrap="wrap">
      {adminMay('approve', r.status) ? (
        <Button
          size="xs"
          color="green"
          aria-label={`Approve ${r.eventName}`}
          onClick={() => onApprove(r)}
          disabled={busy}
        >
          Approve
        </Button>
      ) : null}
      {adminMay('reject', r.status) ? action('reject', 'Reject', 'light', 'red') : null}
      {adminMay('cancel', r.status) ? action('cancel', 'Cancel', 'light', 'orange') : null}
      {canDelete ? action('delete', 'Delete', 'outline', 'red') : null}
      {adminMay('edit', r.status) ? action('edit', 'Edit', 'default') : null}
    </Group>
  );
}
