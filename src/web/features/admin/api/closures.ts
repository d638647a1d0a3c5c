/** The administrator's closure calls (docs/calendar.md): list, close days, open them again. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminClosure, CreateClosureBody } from '../../../../shared/schemas/closures.js';
import { api } from '@/lib/api/client.js';

export type { AdminClosure };

/** Not under 'public': the reasons are staff data, dropped when the session ends. */
const staffClosuresKey = ['admin', 'closures'] as const;

/** GET /api/closures/all: current, coming and recent closures with their reasons. */
export const staffClosuresQuery = queryOptions({
  queryKey: staffClosuresKey,
  queryFn: ({ signal }) => api.get<AdminClosure[]>('/closures/all', { signal }),
  staleTime: 30_000,
  retry: false,
});

/** Every calendar shows closures: the public months are read again with the staff's list. */
function useReload() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: staffClosuresKey }),
      queryClient.invalidateQueries({ queryKey: ['public', 'closures'] }),
    ]);
}

export function useCreateClosure() {
  const reload = useReload();
  return useMutation({
    mutationFn: (body: CreateClosureBody) => api.post<AdminClosure>('/closures', body),
    onSuccess: () => reload(),
  });
}

export function useRemoveClosure() {
  const reload = useReload();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/closures/${id}`),
    onSuccess: () => reload(),
  });
}
