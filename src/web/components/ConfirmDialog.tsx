import { Button, Group, Text } from '@mantine/core';
import { BusyModal } from './BusyModal.js';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** The question, e.g. 'Are you sure you want to cancel this reservation?'. */
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Colour of the confirm button ('red' for destructive actions). */
  confirmColor?: string;
  /** True while the confirmed action runs: the confirm button shows a loader. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal yes/no question (instead of window.confirm): focus is trapped in the
 * dialog, Escape and the close button cancel, focus returns afterwards.
 */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  confirmColor,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <BusyModal opened={opened} busy={busy} onClose={onCancel} title={title}>
      {typeof message === 'string' ? <Text mb="lg">{message}</Text> : message}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
          {cancelLabel}
        </Button>
        <Button color={confirmColor} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </BusyModal>
  );
}
