import { Button, Group, Stack } from '@mantine/core';
import { generatePath, Link } from 'react-router';
import { adminMay, type AdminTab } from '../../../../shared/reservations.js';
import { paths } from '@/app/paths.js';
import type { Reservation } from '../api/reservations.js';
import type { DialogKind } from './useReservationActions.js';
import { isGroupStay } from './ReservationParts.js';

/** Tabs whose rows may be deleted: only while viewing that status. */
const isDeleteTab = (tab: AdminTab): tab is 'cancelled' | 'rejected' =>
  tab === 'cancelled' || tab === 'rejected';

export interface ReservationActionsProps {
  reservation: Reservation;
  tab: AdminTab;
  busy: boolean;
  onApprove: (r: Reservation) => void;
  onOpen: (kind: DialogKind, r: Reservation) => void;
  /** One above the other (a table cell), or side by side, wrapping (a card). */
  stacked: boolean;
}

/** The staff's stay page of a reservation. */
export const adminStayLink = (r: Pick<Reservation, 'id'>) =>
  generatePath(paths.adminStay, { id: String(r.id) });

/**
 * Stay page, then Approve, Reject, Cancel, Delete, Final count (approved
 * group stays) and Edit, as far as the status (and tab) allows.
 */
export function ReservationActions({
  reservation: r,
  tab,
  busy,
  onApprove,
  onOpen,
  stacked,
}: ReservationActionsProps) {
  const canDelete = isDeleteTab(tab) && r.status === tab && adminMay('delete', r.status);
  const size = stacked ? 'xs' : 'sm';
  const action = (
    kind: DialogKind,
    label: string,
    variant: string,
    color?: string,
    name = `${label} ${r.eventName}`,
  ) => (
    <Button
      size={size}
      color={color}
      variant={variant}
      aria-label={name}
      onClick={() => onOpen(kind, r)}
      disabled={busy}
    >
      {label}
    </Button>
  );
  const buttons = (
    <>
      <Button
        component={Link}
        to={adminStayLink(r)}
        size={size}
        variant="light"
        aria-label={`Open stay page for ${r.eventName}`}
      >
        {/* Short, to fit the actions column; whole in its name. */}
        Stay page
      </Button>
      {adminMay('approve', r.status) ? (
        <Button
          size={size}
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
      {r.status === 'approved' && isGroupStay(r)
        ? action(
            'finalCount',
            // Short on the button, to fit the actions column; whole in its name.
            'Final count',
            'default',
            undefined,
            `Set final count for ${r.eventName}`,
          )
        : null}
      {adminMay('edit', r.status) ? action('edit', 'Edit', 'default') : null}
    </>
  );
  return stacked ? (
    <Stack gap={6} align="stretch">
      {buttons}
    </Stack>
  ) : (
    <Group gap="xs" wrap="wrap">
      {buttons}
    </Group>
  );
}
