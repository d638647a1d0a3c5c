import { Group, Stack, Tabs, Text } from '@mantine/core';
import { messages } from '../../../../shared/messages.js';
import {
  ADMIN_TABS,
  filterTab,
  tabCounts,
  type AdminTab,
} from '../../../../shared/reservations.js';
import { CenteredLoader } from '@/components/CenteredLoader.js';
import { LoadErrorAlert } from '@/components/LoadErrorAlert.js';
import { PageTitle } from '@/components/PageTitle.js';
import { useAdminReservations } from '../api/reservations.js';
import { ChurchFilter } from './ChurchFilter.js';
import { ReservationDialogs } from './ReservationDialogs.js';
import { membersOf, UserFilter } from './ReservationFilters.js';
import { ReservationsTable } from './ReservationsTable.js';
import { idParam, useFilterParams } from './useFilterParams.js';
import { useReservationActions } from './useReservationActions.js';

const TAB_KEYS = ADMIN_TABS.map((t) => t.key);
const DEFAULT_TAB: AdminTab = 'active';

function parseTab(value: string | null): AdminTab {
  return TAB_KEYS.find((key) => key === value) ?? DEFAULT_TAB;
}

/**
 * Reservations: every account's reservations by status tab, filtered by
 * church (on the server) and member, with their church, price and payment;
 * approve, reject, cancel (both refunding what was paid), delete and edit.
 */
export function AdminReservationsPage() {
  const { params: searchParams, set: setParam } = useFilterParams();
  const account = searchParams.get('account') ?? '';
  const reservations = useAdminReservations(idParam(account));
  const actions = useReservationActions();

  const tab = parseTab(searchParams.get('tab'));
  const data = reservations.data ?? [];
  const members = membersOf(data);
  const userParam = searchParams.get('user') ?? '';
  // A member whose last reservation is gone falls back to 'All users'.
  const selectedUser = members.find((m) => String(m.id) === userParam) ?? null;
  const shown = selectedUser ? data.filter((r) => r.userId === selectedUser.id) : data;
  const counts = tabCounts(shown, TAB_KEYS);
  const rows = filterTab(shown, tab);

  return (
    <>
      <PageTitle>Reservations</PageTitle>
      <Stack>
        <Text>Approve, reject, cancel, delete and edit the reservations of every account.</Text>

        {reservations.isError ? (
          <LoadErrorAlert
            message={messages.adminReservationsFailed}
            retrying={reservations.isFetching}
            onRetry={() => void reservations.refetch()}
          />
        ) : null}

        {reservations.isPending ? <CenteredLoader label="Loading reservations..." /> : null}

        {reservations.data ? (
          <>
            <Group align="flex-start" gap="md">
              {/* Another church's members differ: its list starts with every member. */}
              <ChurchFilter value={account} onChange={(id) => setParam('account', id, ['user'])} />
              <UserFilter
                members={members}
                selected={selectedUser}
                onChange={(userId) => setParam('user', userId)}
              />
            </Group>
            <Tabs
              value={tab}
              onChange={(value) => setParam('tab', value && value !== DEFAULT_TAB ? value : null)}
              keepMounted={false}
            >
              <Tabs.List>
                {ADMIN_TABS.map((t) => (
                  <Tabs.Tab key={t.key} value={t.key}>
                    {`${t.label} (${counts[t.key]})`}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {ADMIN_TABS.map((t) => (
                <Tabs.Panel key={t.key} value={t.key} pt="md">
                  <ReservationsTable
                    caption={`${t.label} reservations${selectedUser ? ` of ${selectedUser.username}` : ''}, by start date`}
                    tab={t.key}
                    rows={rows}
                    busyId={actions.busyId}
                    onApprove={(r) => void actions.approve(r)}
                    onOpen={actions.open}
                  />
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
