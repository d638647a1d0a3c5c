/**
 * The kitchen's calls (docs/house-operations.md): the meals of each day in a
 * range, the groups eating then, and the same as a PDF to print.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  KitchenDay,
  KitchenQuery,
  KitchenStay,
} from '../../../../shared/schemas/operations.js';
import { API_BASE, api } from '@/lib/api/client.js';

export type { KitchenDay, KitchenQuery, KitchenStay };

/** Not under 'auth', 'facility' or 'public': dropped when the session ends. */
export const kitchenKey = ['admin', 'kitchen'] as const;

/** GET /api/admin/kitchen?from&to: one entry per day of the range. */
export const kitchenDaysQuery = ({ from, to }: KitchenQuery) =>
  queryOptions({
    queryKey: [...kitchenKey, 'days', from, to],
    queryFn: ({ signal }) =>
      api.get<KitchenDay[]>('/admin/kitchen', { signal, query: { from, to } }),
  });

/** GET /api/admin/kitchen/stays?from&to: the groups eating at the house in the range. */
export const kitchenStaysQuery = ({ from, to }: KitchenQuery) =>
  queryOptions({
    queryKey: [...kitchenKey, 'stays', from, to],
    queryFn: ({ signal }) =>
      api.get<KitchenStay[]>('/admin/kitchen/stays', { signal, query: { from, to } }),
  });

/** The kitchen sheet of the range as a PDF (a plain link, the session's cookie). */
export const kitchenPdfUrl = ({ from, to }: KitchenQuery) =>
  `${API_BASE}/admin/kitchen.pdf?${new URLSearchParams({ from, to }).toString()}`;
