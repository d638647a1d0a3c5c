import { Stack, Text } from '@mantine/core';
import { ConfirmDialog } from '@/components/ConfirmDialog.js';
import { CancelReservationDialog } from './CancelReservationDialog.js';
import { EditDetailsModal } from './EditDetailsModal.js';
import { FinalCountDialog } from './FinalCountDialog.js';
import { RejectModal } from './RejectModal.js';
import type { ReservationActions } from './useReservationActions.js';

/** The dialog a row action opened: reject, cancel, delete, edit or the final count. */
export function ReservationDialogs({ actions }: { actions: ReservationActions }) {
  const { dialog, dialogError: error, close } = actions;
  if (!dialog) return null;
  const r = dialog.reservation;
  switch (dialog.kind) {
    case 'reject':
      return (
        <RejectModal
          key={r.id}
          reservation={r}
          busy={actions.statusBusy}
          error={error}
          onReject={(rejection) => actions.reject(r, rejection)}
          onClose={close}
        />
      );
    case 'cancel':
      return (
        <CancelReservationDialog
          key={r.id}
          reservation={r}
          busy={actions.statusBusy}
          error={error}
          onCancelReservation={(refund) => actions.cancel(r, refund)}
          onClose={close}
        />
      );
    case 'edit':
      return (
        <EditDetailsModal
          key={r.id}
          reservation={r}
          busy={actions.detailsBusy}
          error={error}
          onSave={actions.save}
          onClose={close}
        />
      );
    case 'finalCount':
      return (
        <FinalCountDialog
          key={r.id}
          reservation={r}
          busy={actions.finalCountBusy}
          error={error}
          onSave={(change) => actions.setFinalCount(r, change)}
          onClose={close}
        />
      );
    case 'delete':
      return (
        <ConfirmDialog
          opened
          title="Delete reservation"
          confirmLabel="Delete reservation"
          cancelLabel="Keep reservation"
          busy={actions.deleteBusy}
          onConfirm={() => actions.remove(r)}
          onCancel={close}
          confirmColor="red"
          message={
            <Stack gap="xs" mb="lg">
              <Text>
                Delete <strong>{r.eventName}</strong> permanently? This cannot be undone.
              </Text>
            </Stack>
          }
        />
      );
  }
}
