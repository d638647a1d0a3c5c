import { Badge, Button, Group, NativeSelect, Stack, Table, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { datePart, inclusiveDayCount } from '../../../../shared/dates.js';
import { messages } from '../../../../shared/messages.js';
import {
  ADMIN_TABS,
  adminMay,
  filterTab,
  statusLabel,
  tabCounts,
  type AdminTab,
} from '../../../../shared/reservations.js';
import { errorMessage } from '../../../api/client.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { PageTitle } from '../../../components/PageTitle.js';
import {
  useAdminReservations,
  useChangeReservationStatus,
  useDeleteReservation,
  useUpdateReservationDetails,
  type DetailsChange,
  type Reservation,
} from '../api/reservations.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog.js';
import { EditDetailsModal } from './EditDetailsModal.js';
import { RejectModal } from './RejectModal.js';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert.js';

const TAB_KEYS = ADMIN_TABS.map((t) => t.key);
const DEFAULT_TAB: AdminTab = 'active';
const ALL_USERS = '';

function parseTab(value: string | null): AdminTab {
  return TAB_KEYS.find((key) => key === value) ?? DEFAULT_TAB;
}

/** Tabs whose rows may be deleted (SPEC §4: only while viewing that status). */
const isDeleteTab = (tab: AdminTab): tab is 'cancelled' | 'rejected' =>
  tab === 'cancelled' || tab === 'rejected';

/** Badges keep their whole text instead of an ellipsis in narrow columns. */
const noShrink = { minWidth: 'max-content' } as const;
const noWrap = { whiteSpace: 'nowrap' } as const;

const STATUS_COLORS: Record<string, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  cancelled: 'gray',
};

interface MemberOption {
  id: number;
  username: string;
}

/** The members present in the data, by username. */
function membersOf(reservations: readonly Reservation[]): MemberOption[] {
  const byId = new Map<number, MemberOption>();
  for (const r of reservations) {
    if (!byId.has(r.userId)) byId.set(r.userId, { id: r.userId, username: r.user.username });
  }
  return [...byId.values()].sort((a, b) => a.username.localeCompare(b.username));
}

type Dialog = { kind: 'reject' | 'cancel' | 'delete' | 'edit'; reservation: Reservation } | null;

const notifySuccess = (message: string) =>
  notifications.show({ color: 'green', title: 'Reservations', message });
const notifyFailure = (error: unknown, fallback: string) =>
  notifications.show({
    color: 'red',
    title: 'Reservations',
    message: errorMessage(error, fallback),
  });

export function AdminReservationsPage() {
  const reservations = useAdminReservations();
  const changeStatus = useChangeReservationStatus();
  const updateDetails = useUpdateReservationDetails();
  const deleteReservation = useDeleteReservation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);

  const tab = parseTab(searchParams.get('tab'));
  const data = reservations.data ?? [];
  const members = membersOf(data);
  const userParam = searchParams.get('user') ?? ALL_USERS;
  // A member whose last reservation is gone falls back to 'All users'.
  const selectedUser = members.find((m) => String(m.id) === userParam) ?? null;
  const shown = selectedUser ? data.filter((r) => r.userId === selectedUser.id) : data;
  const counts = tabCounts(shown, TAB_KEYS);
  const rows = filterTab(shown, tab);

  function setParam(name: 'tab' | 'user', value: string | null) {
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  }

  function open(kind: NonNullable<Dialog>['kind'], reservation: Reservation) {
    setDialogError(null);
    setDialog({ kind, reservation });
  }

  function close() {
    setDialog(null);
    setDialogError(null);
  }

  async function approve(r: Reservation) {
    // mutateAsync: each call reports, even when another row was approved meanwhile.
    try {
      await changeStatus.mutateAsync({ id: r.id, status: 'approved' });
      notifySuccess(`Approved "${r.eventName}".`);
    } catch (err) {
      notifyFailure(err, messages.adminActionFailed);
    }
  }

  function reject(r: Reservation, reason: string | undefined) {
    changeStatus.mutate(
      reason
        ? { id: r.id, status: 'rejected', adminNotes: reason }
        : { id: r.id, status: 'rejected' },
      {
        onSuccess: () => {
          close();
          notifySuccess(`Rejected "${r.eventName}".`);
        },
        // Shown in the dialog, which stays open with the reason typed.
        onError: (err) => setDialogError(errorMessage(err, messages.adminActionFailed)),
      },
    );
  }

  function cancel(r: Reservation) {
    changeStatus.mutate(
      { id: r.id, status: 'cancelled' },
      {
        onSuccess: () => notifySuccess(`Cancelled "${r.eventName}".`),
        onError: (err) => notifyFailure(err, messages.adminActionFailed),
        onSettled: close,
      },
    );
  }

  function remove(r: Reservation) {
    deleteReservation.mutate(r.id, {
      onSuccess: () => notifySuccess(`Deleted "${r.eventName}".`),
      onError: (err) => notifyFailure(err, messages.adminActionFailed),
      onSettled: close,
    });
  }

  function save(change: DetailsChange) {
    updateDetails.mutate(change, {
      onSuccess: () => {
        close();
        notifySuccess(`Updated the details of "${change.eventName}".`);
      },
      // Shown in the dialog, which stays open with what was typed.
      onError: (err) => setDialogError(errorMessage(err, messages.adminUpdateFailed)),
    });
  }

  const busyId = changeStatus.isPending
    ? changeStatus.variables?.id
    : deleteReservation.isPending
      ? deleteReservation.variables
      : updateDetails.isPending
        ? updateDetails.variables?.id
        : undefined;

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
            <NativeSelect
              label="Filter by user"
              maw={320}
              value={selectedUser ? String(selectedUser.id) : ALL_USERS}
              onChange={(e) => setParam('user', e.currentTarget.value || null)}
              data={[
                { value: ALL_USERS, label: 'All users' },
                ...members.map((m) => ({ value: String(m.id), label: m.username })),
              ]}
            />
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
                    busyId={busyId}
                    onApprove={(r) => void approve(r)}
                    onOpen={open}
                  />
                </Tabs.Panel>
              ))}
            </Tabs>
          </>
        ) : null}
      </Stack>

      {dialog?.kind === 'reject' ? (
        <RejectModal
          reservation={dialog.reservation}
          busy={changeStatus.isPending}
          error={dialogError}
          onReject={(reason) => reject(dialog.reservation, reason)}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <EditDetailsModal
          reservation={dialog.reservation}
          busy={updateDetails.isPending}
          error={dialogError}
          onSave={save}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'cancel' ? (
        <ConfirmDialog
          opened
          title="Cancel reservation"
          confirmLabel="Cancel reservation"
          cancelLabel="Keep reservation"
          busy={changeStatus.isPending}
          onConfirm={() => cancel(dialog.reservation)}
          onCancel={close}
          confirmColor="red"
          message={
            <Stack gap="xs" mb="lg">
              <Text>{messages.confirmCancelReservation}</Text>
              <Text fw={600}>
                {dialog.reservation.eventName} ({datePart(dialog.reservation.startTime)} to{' '}
                {datePart(dialog.reservation.endTime)})
              </Text>
            </Stack>
          }
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          opened
          title="Delete reservation"
          confirmLabel="Delete reservation"
          cancelLabel="Keep reservation"
          busy={deleteReservation.isPending}
          onConfirm={() => remove(dialog.reservation)}
          onCancel={close}
          confirmColor="red"
          message={
            <Stack gap="xs" mb="lg">
              <Text>
                Delete <strong>{dialog.reservation.eventName}</strong> permanently? This cannot be
                undone.
              </Text>
            </Stack>
          }
        />
      ) : null}
    </>
  );
}

interface ReservationsTableProps {
  caption: string;
  tab: AdminTab;
  rows: readonly Reservation[];
  busyId: number | undefined;
  onApprove: (r: Reservation) => void;
  onOpen: (kind: NonNullable<Dialog>['kind'], r: Reservation) => void;
}

function ReservationsTable({
  caption,
  tab,
  rows,
  busyId,
  onApprove,
  onOpen,
}: ReservationsTableProps) {
  if (rows.length === 0) return <Text>{messages.noReservationsForFilter}</Text>;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover captionSide="top" verticalSpacing="sm">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" miw={160}>
              Event
            </Table.Th>
            <Table.Th scope="col">Member</Table.Th>
            <Table.Th scope="col">Dates</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Payment</Table.Th>
            <Table.Th scope="col" w={190}>
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <ReservationRow
              key={r.id}
              reservation={r}
              tab={tab}
              busy={busyId === r.id}
              onApprove={onApprove}
              onOpen={onOpen}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface ReservationRowProps {
  reservation: Reservation;
  tab: AdminTab;
  busy: boolean;
  onApprove: (r: Reservation) => void;
  onOpen: (kind: NonNullable<Dialog>['kind'], r: Reservation) => void;
}

function ReservationRow({ reservation: r, tab, busy, onApprove, onOpen }: ReservationRowProps) {
  const days = inclusiveDayCount(r.startTime, r.endTime);
  const canDelete = isDeleteTab(tab) && r.status === tab && adminMay('delete', r.status);
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
        {r.user.email ? (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {r.user.email}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text>
          <span style={noWrap}>{datePart(r.startTime)}</span> to{' '}
          <span style={noWrap}>{datePart(r.endTime)}</span>
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
        <Badge
          color={r.paymentStatus === 'paid' ? 'green' : 'gray'}
          variant="outline"
          style={noShrink}
        >
          {statusLabel(r.paymentStatus)}
        </Badge>
      </Table.Td>
      <Table.Td>
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
          {adminMay('reject', r.status) ? (
            <Button
              size="xs"
              color="red"
              variant="light"
              aria-label={`Reject ${r.eventName}`}
              onClick={() => onOpen('reject', r)}
              disabled={busy}
            >
              Reject
            </Button>
          ) : null}
          {adminMay('cancel', r.status) ? (
            <Button
              size="xs"
              color="orange"
              variant="light"
              aria-label={`Cancel ${r.eventName}`}
              onClick={() => onOpen('cancel', r)}
              disabled={busy}
            >
              Cancel
            </Button>
          ) : null}
          {canDelete ? (
            <Button
              size="xs"
              color="red"
              variant="outline"
              aria-label={`Delete ${r.eventName}`}
              onClick={() => onOpen('delete', r)}
              disabled={busy}
            >
              Delete
            </Button>
          ) : null}
          {adminMay('edit', r.status) ? (
            <Button
              size="xs"
              variant="default"
              aria-label={`Edit ${r.eventName}`}
              onClick={() => onOpen('edit', r)}
              disabled={busy}
            >
              Edit
            </Button>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
