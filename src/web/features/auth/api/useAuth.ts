import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/auth.js';
import { useLocation, useNavigate } from 'react-router';
import { api } from '@/lib/api/client.js';
import {
  authStatusKey,
  authStatusQuery,
  clearSession,
  type SessionEnd,
} from '@/lib/api/session.js';
import { paths } from '@/app/paths.js';
import { isAdmin } from '../../../../shared/roles.js';

export interface AuthState {
  /** True until the first auth status answer (or failure) arrives. */
  isLoading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
  user: User | null;
  /** Set when the session ended in this tab: where guarded pages go now. */
  ended: SessionEnd | undefined;
}

/** The current session, read from GET /api/auth/status (cached). */
export function useAuth(): AuthState {
  const { data, isPending } = useQuery(authStatusQuery);
  const user = data?.authenticated ? (data.user ?? null) : null;
  return {
    isLoading: isPending,
    isAuthenticated: user !== null,
    isAdmin: user !== null && isAdmin(user),
    user,
    ended: data?.authenticated ? undefined : data?.ended,
  };
}

export interface MessageAnswer {
  message: string;
}

export interface LoginInput {
  username: string;
  password: string;
}

/** POST /api/auth/login, then a fresh auth status; resolves with that status. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      await api.post<MessageAnswer & { user: User }>('/auth/login', input);
      await queryClient.invalidateQueries({ queryKey: authStatusKey, refetchType: 'none' });
      return queryClient.fetchQuery({ ...authStatusQuery, staleTime: 0 });
    },
  });
}

/**
 * POST /api/auth/logout, forget the session and go to the home page (a guarded
 * page being left goes there too). The local session ends whatever the answer.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.post<MessageAnswer>('/auth/logout');
      } catch {
        // The server may already have ended the session; logging out here is what matters.
      }
      clearSession(queryClient, { at: pathname, to: paths.home });
      await navigate(paths.home);
    },
  });
}

export interface RegisterInput {
  username: string;
  password: string;
  email?: string;
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput) => api.post<MessageAnswer>('/auth/register', input),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: { username: string }) =>
      api.post<MessageAnswer>('/auth/forgot-password', input),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; username: string; newPassword: string }) =>
      api.post<MessageAnswer>('/auth/reset-password', input),
  });
}
