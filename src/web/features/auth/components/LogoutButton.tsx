import { UnstyledButton } from '@mantine/core';
import { useLogout } from '../api/useAuth.js';

/** Ends the session and goes to the home page; styled by the navigation that holds it. */
export function LogoutButton({ className }: { className?: string }) {
  const logout = useLogout();
  return (
    <UnstyledButton
      className={className}
      onClick={() => logout.mutate()}
      disabled={logout.isPending}
      aria-busy={logout.isPending || undefined}
    >
      Logout
    </UnstyledButton>
  );
}
