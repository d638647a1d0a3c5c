import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog.js';

export interface LeaveGuardProps {
  /** Changes that would be lost by leaving. */
  dirty: boolean;
  title: string;
  message: string;
}

/**
 * While a form holds changes not saved: leaving for another page of the site
 * asks first, and so does closing or reloading the tab (the browser's own
 * question).
 */
export function LeaveGuard({ dirty, title, message }: LeaveGuardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={title}
      message={message}
      confirmLabel="Leave and lose the changes"
      cancelLabel="Stay"
      confirmColor="red"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
