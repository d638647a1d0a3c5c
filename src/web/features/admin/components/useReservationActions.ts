import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { messages } from '../../../../shared/messages.js';
import { formatMoney } from '../../../../shared/pricing.js';
import { errorMessage } from '@/lib/api/client.js';
import { byId, focusResult } from '@/components/focus-result.js';
import {
  useChangeReservationStatus,
  useDeleteReservation,
  useSetFinalCount,
  useUpdateReservationDetails,
  type DetailsChange,
  type FinalCountChange,
  type RefundChoice,
  type Reservation,
} from '../api/reservations.js';
import { refundableCents } from '../money.js';
import type { Rejection } from './RejectModal.js';

export type DialogKind = 'reject' | 'cancel' | 'delete' | 'edit' | 'finalCount';

/** The id of a reservation's table row or card, to bring focus back to it. */
export const reservationItemId = (id: number) => `admin-reservation-${id}`;

/** The open tab of the list: where focus goes when the row left it. */
const selectedTab = () => document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');

/**
 * After an action whose button or dialog goes away, focus lands on the row
 * (still in this tab) or on the tab itself, never on the page body.
 */
const focusRow = (id: number) => focusResult(byId(reservationItemId(id)), selectedTab);
export type Dialog = { kind: DialogKind; reservation: Reservation } | null;

const notifySuccess = (message: string) =>
  notifications.show({ color: 'green', title: 'Reservations', message });
const notifyFailure = (error: unknown, fallback: string) =>
  notifications.show({
    color: 'red',
    title: 'Reservations',
    message: errorMessage(error, fallback),
  });

/** ' Refunded $450.00.' after a status change that refunded money, else ''. */
function refundNote(r: Reservation, refund: RefundChoice): string {
  if (refundableCents(r) === 0) return '';
  const cents = refund.refundCents ?? refundableCents(r);
  return cents > 0 ? ` Refunded ${formatMoney(cents, r.currency)}.` : '';
}

/**
 * The row actions of the admin Reservations screen: the open dialog, its
 * failure, and each change with its notification.
 */
export function useReservationActions() {
  const changeStatus = useChangeReservationStatus();
  const updateDetails = useUpdateReservationDetails();
  const deleteReservation = useDeleteReservation();
  const finalCount = useSetFinalCount();
  const [dialog, setDialog] = useState<Dialog>(null);
  /** The failure of the open dialog's request, as thrown: the dialog shows it on its fields or above them. */
  const [dialogError, setDialogError] = useState<unknown>(null);

  function open(kind: DialogKind, reservation: Reservation) {
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
      focusRow(r.id);
    } catch (err) {
      notifyFailure(err, messages.adminActionFailed);
    }
  }

  function reject(r: Reservation, rejection: Rejection) {
    setDialogError(null);
    changeStatus.mutate(
      { id: r.id, status: 'rejected', ...rejection },
      {
        onSuccess: () => {
          close();
          notifySuccess(`Rejected "${r.eventName}".${refundNote(r, rejection)}`);
          focusRow(r.id);
        },
        // Shown in the dialog, which stays open with what was typed.
        onError: setDialogError,
      },
    );
  }

  function cancel(r: Reservation, refund: RefundChoice) {
    // With a refund the dialog holds typed amounts: a failure is shown there.
    const withRefund = refundableCents(r) > 0;
    setDialogError(null);
    changeStatus.mutate(
      { id: r.id, status: 'cancelled', ...refund },
      {
        onSuccess: () => {
          close();
          notifySuccess(`Cancelled "${r.eventName}".${refundNote(r, refund)}`);
          focusRow(r.id);
        },
        onError: (err) => {
          if (withRefund) setDialogError(err);
          else {
            close();
            notifyFailure(err, messages.adminActionFailed);
          }
        },
      },
    );
  }

  function remove(r: Reservation) {
    deleteReservation.mutate(r.id, {
      onSuccess: () => {
        notifySuccess(`Deleted "${r.eventName}".`);
        focusResult(selectedTab);
      },
      onError: (err) => notifyFailure(err, messages.adminActionFailed),
      onSettled: close,
    });
  }

  function save(change: DetailsChange) {
    updateDetails.mutate(change, {
      onSuccess: () => {
        close();
        notifySuccess(`Updated the details of "${change.eventName}".`);
        focusRow(change.id);
      },
      // Shown in the dialog, which stays open with what was typed.
      onError: setDialogError,
    });
  }

  function setFinalCount(r: Reservation, change: FinalCountChange) {
    setDialogError(null);
    finalCount.mutate(change, {
      onSuccess: () => {
        close();
        notifySuccess(`Set the final count of "${r.eventName}" to ${change.finalGuests} guests.`);
        focusRow(r.id);
      },
      // Shown in the dialog (on its field when the server names it), which stays open.
      onError: setDialogError,
    });
  }

  const busyId = changeStatus.isPending
    ? changeStatus.variables?.id
    : deleteReservation.isPending
      ? deleteReservation.variables
      : updateDetails.isPending
        ? updateDetails.variables?.id
        : finalCount.isPending
          ? finalCount.variables?.id
          : undefined;

  return {
    dialog,
    dialogError,
    open,
    close,
    approve,
    reject,
    cancel,
    remove,
    save,
    setFinalCount,
    busyId,
    statusBusy: changeStatus.isPending,
    deleteBusy: deleteReservation.isPending,
    detailsBusy: updateDetails.isPending,
    finalCountBusy: finalCount.isPending,
  };
}

export type ReservationActions = ReturnType<typeof useReservationActions>;
