/**
 * What needs the staff today (docs/house-operations.md): the stays arriving
 * soon, the stays with something overdue, and the mail that failed.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminToday, DashboardStay } from '../../../../shared/schemas/operations.js';
import { API_BASE, api } from '@/lib/api/client.js';

export type { AdminToday, DashboardStay };

/** Not under 'auth', 'facility' or 'public': dropped when the session ends. */
export const adminTodayKey = ['admin', 'today'] as const;

/** GET /api/admin/today. */
export const adminTodayQuery = queryOptions({
  queryKey: adminTodayKey,
  queryFn: ({ signal }) => api.get<AdminToday>('/admin/today', { signal }),
});

export function useAdminToday() {
  return useQuery(adminTodayQuery);
}

/** The stay sheet of one stay, a PDF the browser opens itself (a plain link, the session's cookie). */
export const staySheetUrl = (id: number) => `${API_BASE}/admin/stays/${id}/sheet.pdf`;
