import { Table, Text } from '@mantine/core';
import { messages } from '../../../../shared/messages.js';
import type { AdminTab } from '../../../../shared/reservations.js';
import type { Reservation } from '../api/reservations.js';
import { CardList } from '@/components/cards/CardList.js';
import { ColumnHeaders } from '@/components/tables/ColumnHeaders.js';
import { ReservationCard } from './ReservationCard.js';
import { ReservationRow } from './ReservationRow.js';
import type { DialogKind } from './useReservationActions.js';
import { useIsPhone } from '@/components/useIsPhone.js';

export interface ReservationsTableProps {
  caption: string;
  tab: AdminTab;
  rows: readonly Reservation[];
  busyId: number | undefined;
  onApprove: (r: Reservation) => void;
  onOpen: (kind: DialogKind, r: Reservation) => void;
}

/**
 * The reservations of one tab, or the "none found" text: a list of cards on
 * phones, else a table of five columns that fits the page (about 850 px beside
 * the side navigation) without scrolling sideways. Only one of them is
 * rendered, so that no text is there twice.
 */
export function ReservationsTable({
  caption,
  tab,
  rows,
  busyId,
  ...handlers
}: ReservationsTableProps) {
  const isPhone = useIsPhone();
  if (rows.length === 0) return <Text>{messages.noReservationsForFilter}</Text>;
  const itemProps = (r: Reservation) => ({
    reservation: r,
    tab,
    busy: busyId === r.id,
    ...handlers,
  });

  if (isPhone) {
    return (
      <CardList label={caption}>
        {rows.map((r) => (
          <ReservationCard key={r.id} {...itemProps(r)} />
        ))}
      </CardList>
    );
  }
  // Below about 720 px (a tablet beside the side navigation) it scrolls, with the browser's scrollbar.
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table striped highlightOnHover captionSide="top" verticalSpacing="sm" layout="fixed">
        <Table.Caption>{caption}</Table.Caption>
        <ColumnHeaders
          columns={[
            { label: 'Event and dates', width: '30%' },
            { label: 'Member', width: '20%' },
            { label: 'Church', width: '17%' },
            { label: 'Status and payment', width: '18%' },
            { label: 'Actions', width: '15%' },
          ]}
        />
        <Table.Tbody>
          {rows.map((r) => (
            <ReservationRow key={r.id} {...itemProps(r)} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
