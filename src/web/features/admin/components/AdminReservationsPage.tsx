import { Group, Stack, Tabs, Text } from '@mantine/core';
import { messages } from '../../../../shared/messages.js';
import { ADMIN_TABS, type AdminTab } from '../../../../shared/reservations.js';
import { CenteredLoader } from '@/components/CenteredLoader.js';
import { LoadErrorAlert } from '@/components/LoadErrorAlert.js';
import { PageTitle } from '@/components/PageTitle.js';
import {
  tabCount,
  useAdminReservationCounts,
  useAdminReservationsPage,
  useReservationMembers,
} from '../api/reservations.js';
import { ChurchFilter } from './ChurchFilter.js';
import { ReservationDialogs } from './ReservationDialogs.js';
import { UserFilter } from './ReservationFilters.js';
import { ReservationsTable } from './ReservationsTable.js';
import { idParam, useFilterParams } from '@/components/useFilterParams.js';
import { useReservationActions } from './useReservationActions.js';
import { QueryPager } from '@/components/Pager.js';

const TAB_KEYS = ADMIN_TABS.map((t) => t.key);
const DEFAULT_TAB: AdminTab = 'active';

function parseTab(value: string | null): AdminTab {
  return TAB_KEYS.find((key) => key === value) ?? DEFAULT_TAB;
}

/**
 * Reservations: every account's reservations by status tab, filtered by
 * church and member (on the server), 50 a page, with their church, price and
 * payment; the tabs' counts come from the database. Approve, reject, cancel
 * (both refunding what was paid), delete and edit.
 */
export function AdminReservationsPage() {
  const { params: searchParams, set: setParam, page, setPage } = useFilterParams();
  const account = searchParams.get('account') ?? '';
  const accountId = idParam(account);
  const members = useReservationMembers(accountId);
  const actions = useReservationActions();

  const tab = parseTab(searchParams.get('tab'));
  const userParam = searchParams.get('user') ?? '';
  const memberList = members.data ?? [];
  // A member whose last reservation is gone falls back to 'All users'.
  const selectedUser = memberList.find((m) => String(m.id) === userParam) ?? null;
  const userId = members.data ? selectedUser?.id : idParam(userParam);
  const filters = { accountId, userId };
  const counts = useAdminReservationCounts(filters);
  const reservations = useAdminReservationsPage(filters, tab, page);

  const failed = reservations.isError || counts.isError || members.isError;
  const loading = reservations.isPending || counts.isPending || members.isPending;
  const ready = reservations.data && counts.data && members.data;

  return (
    <>
      <PageTitle>Reservations</PageTitle>
      <Stack>
        <Text>Approve, reject, cancel, delete and edit the reservations of every account.</Text>

        {failed ? (
          <LoadErrorAlert
            message={messages.adminReservationsFailed}
            retrying={reservations.isFetching || counts.isFetching || members.isFetching}
            onRetry={() =>
              void Promise.all([reservations.refetch(), counts.refetch(), members.refetch()])
            }
          />
        ) : null}

        {loading && !failed ? <CenteredLoader label="Loading reservations..." /> : null}

        {ready ? (
          <>
            <Group align="flex-start" gap="md">
              {/* Another church's members differ: its list starts with every member. */}
              <ChurchFilter
                value={account}
                onChange={(id) => setParam('account', id, ['user', 'page'])}
              />
              <UserFilter
                members={memberList}
                selected={selectedUser}
                onChange={(id) => setParam('user', id, ['page'])}
              />
            </Group>
            <Tabs
              value={tab}
              onChange={(value) =>
                setParam('tab', value && value !== DEFAULT_TAB ? value : null, ['page'])
              }
              keepMounted={false}
            >
              <Tabs.List>
                {ADMIN_TABS.map((t) => (
                  <Tabs.Tab key={t.key} value={t.key}>
                    {`${t.label} (${tabCount(counts.data, t.key)})`}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {ADMIN_TABS.map((t) => (
                <Tabs.Panel key={t.key} value={t.key} pt="md">
                  {reservations.data.tab === t.key ? (
                    <Stack>
                      <ReservationsTable
                        caption={`${t.label} reservations${selectedUser ? ` of ${selectedUser.username}` : ''}, by start date`}
                        tab={t.key}
                        rows={reservations.data.reservations}
                        busyId={actions.busyId}
                        onApprove={(r) => void actions.approve(r)}
                        onOpen={actions.open}
                      />
                      <QueryPager
                        query={reservations}
                        label="Reservation pages"
                        page={page}
                        onPage={setPage}
                      />
                    </Stack>
                  ) : (
                    // Another tab's page stays in place until this tab's first page is here.
                    <CenteredLoader label="Loading reservations..." />
                  )}
                </Tabs.Panel>
              ))}
            </Tabs>
          </>
        ) : null}
      </Stack>

      <ReservationDialogs actions={actions} />
    </>
  );
}
