import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that closes the dialog without acting. */
  dismissLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  /** True while the confirmed action runs: the confirm button spins, closing waits. */
  busy?: boolean;
  color?: string;
}

/**
 * A small confirmation dialog (a Mantine modal, never window.confirm) for the
 * admin area's cancel and delete actions.
 */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  dismissLabel,
  onConfirm,
  onClose,
  busy = false,
  color = 'red',
}: ConfirmModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <Stack>
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {dismissLabel}
          </Button>
          <Button color={color} onClick={onConfirm} loading={busy} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
