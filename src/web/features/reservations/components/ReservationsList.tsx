import { Alert, Table, Tabs, Text, Title } from '@mantine/core';
import { messages } from '../../../../shared/messages.js';
import { MEMBER_TABS, type MemberTab } from '../../../../shared/reservations.js';
import type { Reservation, ReservationCounts } from '../../../../shared/schemas/reservations.js';
import { CenteredLoader } from '@/components/CenteredLoader.js';
import { KeptStateProvider } from '@/components/kept-state.js';
import { Pager } from '@/components/Pager.js';
import { ColumnHeaders } from '@/components/tables/ColumnHeaders.js';
import { useIsPhone } from '@/components/useIsPhone.js';
import { memberTabCount } from '../api/reservations.js';
import { ReservationCards } from './ReservationCard.js';
import { ReservationRow, itemProps, type ExpandableList } from './ReservationRow.js';

export const TAB_LABELS: Record<MemberTab, string> = {
  all: 'All',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

export { reservationDates } from './ReservationRow.js';

const NO_COUNTS: ReservationCounts = { pending: 0, approved: 0, rejected: 0, cancelled: 0 };

export interface ReservationsListProps extends ExpandableList {
  /** The tabs' counts, from the server (docs/lists.md). */
  counts: ReservationCounts | undefined;
  /** The open tab's page, by start; undefined while another tab's page is still shown. */
  rows: Reservation[] | undefined;
  loading: boolean;
  failed: boolean;
  tab: MemberTab;
  onTabChange: (tab: MemberTab) => void;
  /** The page shown, from 0. */
  page: number;
  hasNext: boolean;
  /** While another page loads (the previous one shown). */
  busy: boolean;
  onPage: (page: number) => void;
}

/**
 * Tabs with counts and one page of the member's reservations (docs/product.md §2): a
 * table, or on a phone a list of cards with the same fields and buttons, and
 * the shared Pager under it.
 */
export function ReservationsList({
  counts = NO_COUNTS,
  rows,
  loading,
  failed,
  tab,
  onTabChange,
  expandedId,
  onToggle,
  onCollapse,
  page,
  hasNext,
  busy,
  onPage,
}: ReservationsListProps) {
  const phone = useIsPhone();
  const list = { expandedId, onToggle, onCollapse };

  return (
    <section aria-labelledby="reservations-list-heading">
      <Title order={2} size="h3" id="reservations-list-heading" mb="xs">
        Your Reservations
      </Title>
      {failed ? (
        <Alert color="red" mb="sm">
          {messages.reloadReservationsFailed}
        </Alert>
      ) : null}
      {loading ? (
        <CenteredLoader label="Loading your reservations..." />
      ) : (
        // Above the switch between table and cards; forgotten when another row opens.
        <KeptStateProvider scope={expandedId}>
          <Tabs
            value={tab}
            onChange={(value) => {
              if (value && value !== tab) onTabChange(value as MemberTab);
            }}
            keepMounted={false}
            activateTabWithKeyboard={false}
          >
            <Tabs.List mb="sm">
              {MEMBER_TABS.map((t) => (
                <Tabs.Tab key={t} value={t}>
                  {`${TAB_LABELS[t]} (${memberTabCount(counts, t)})`}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {MEMBER_TABS.map((t) => (
              <Tabs.Panel key={t} value={t}>
                {t !== tab ? null : rows === undefined ? (
                  // Another tab's page stays in place until this tab's first page is here.
                  <CenteredLoader label="Loading your reservations..." />
                ) : (
                  <>
                    {rows.length === 0 ? (
                      <Text py="md">{messages.noReservationsForFilter}</Text>
                    ) : phone ? (
                      <ReservationCards
                        reservations={rows}
                        labelledBy="reservations-list-heading"
                        {...list}
                      />
                    ) : (
                      <Table.ScrollContainer minWidth={560}>
                        <Table highlightOnHover verticalSpacing="sm">
                          <ColumnHeaders columns={['Event Name', 'Dates', 'Status', 'Action']} />
                          <Table.Tbody>
                            {rows.map((r) => (
                              <ReservationRow key={r.id} {...itemProps(r, list)} />
                            ))}
                          </Table.Tbody>
                        </Table>
                      </Table.ScrollContainer>
                    )}
                    <Pager
                      label="Reservation pages"
                      page={page}
                      hasNext={hasNext}
                      busy={busy}
                      onPage={onPage}
                    />
                  </>
                )}
              </Tabs.Panel>
            ))}
          </Tabs>
        </KeptStateProvider>
      )}
    </section>
  );
}
