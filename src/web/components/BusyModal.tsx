import { Modal, type ModalProps } from '@mantine/core';

export interface BusyModalProps extends Omit<ModalProps, 'opened' | 'onClose'> {
  /** Open unless false (most dialogs are drawn only while open). */
  opened?: boolean;
  /** While the dialog's action runs it stays open: Escape, × and a click outside wait. */
  busy: boolean;
  onClose: () => void;
}

/** A centred dialog whose × is named "Close", and which cannot be closed while its action runs. */
export function BusyModal({ opened = true, busy, onClose, children, ...props }: BusyModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onClose();
      }}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
      {...props}
    >
      {children}
    </Modal>
  );
}
