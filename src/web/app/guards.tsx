import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { messages } from '../../shared/messages.js';
import { CenteredLoader } from '../components/CenteredLoader.js';
import { useAuth } from '../features/auth/api/useAuth.js';
import { paths, toReturnLocation, type LoginState } from './paths.js';

export const ADMIN_DENIED_NOTIFICATION = 'admin-required';

/** Non-admins are told why (non-blocking) and sent to their own reservations. */
function AdminDenied() {
  useEffect(() => {
    notifications.show({
      id: ADMIN_DENIED_NOTIFICATION,
      color: 'red',
      message: messages.adminRequired,
    });
  }, []);
  return <Navigate to={paths.accountReservations} replace />;
}

/**
 * Renders the child routes only for a logged-in user (and, with `admin`, only
 * for role Administrator). docs/product.md §2 "Protected routes".
 */
export function RequireAuth({ admin = false }: { admin?: boolean }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.isLoading) return <CenteredLoader label={messages.loadingAuth} />;
  if (!auth.isAuthenticated) {
    // Leaving the page where the session just ended (logout, forced logout): go where that says.
    if (auth.ended && auth.ended.at === location.pathname)
      return <Navigate to={auth.ended.to} replace state={auth.ended.state} />;
    const state: LoginState = { from: toReturnLocation(location), message: messages.mustLogIn };
    return <Navigate to={paths.login} replace state={state} />;
  }
  if (admin && !auth.isAdmin) return <AdminDenied />;
  return <Outlet />;
}
