import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog.js';

/**
 * While a draft has changes nobody published: leaving for another page of
 * the site asks first, and so does closing or reloading the tab (the
 * browser's own question).
 */
export function LeaveGuard({ dirty, what }: { dirty: boolean; what: string }) {
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
      title="Leave without publishing?"
      message={`Your changes to ${what} are not published. If you leave, they are lost.`}
      confirmLabel="Leave and lose the changes"
      cancelLabel="Stay"
      confirmColor="red"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
