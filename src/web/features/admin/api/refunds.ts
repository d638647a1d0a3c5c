/**
 * The staff's refunds (docs/money.md, "Refunds"): those the payment provider
 * refused or that could not be made, and asking for one again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RefundInfo } from '../../../../shared/schemas/payments.js';
import { api } from '@/lib/api/client.js';

export type { RefundInfo };

/** Not under 'auth', 'facility' or 'public': dropped when the session ends. */
export const adminRefundsKey = ['admin', 'refunds'] as const;

/** How many failed refunds the dashboard lists (the rest are counted). */
export const FAILED_REFUNDS_SHOWN = 10;

/** GET /api/admin/refunds?status=failed: the newest failed refunds, one more to tell if more exist. */
export function useFailedRefunds() {
  return useQuery({
    queryKey: [...adminRefundsKey, 'failed'],
    queryFn: async ({ signal }) => {
      const list = await api.get<RefundInfo[]>('/admin/refunds', {
        signal,
        query: { status: 'failed', limit: FAILED_REFUNDS_SHOWN + 1, offset: 0 },
      });
      return {
        refunds: list.slice(0, FAILED_REFUNDS_SHOWN),
        more: list.length > FAILED_REFUNDS_SHOWN,
      };
    },
  });
}

/** POST /api/admin/refunds/{id}/retry (202): the refund is asked for again; lists reload. */
export function useRetryRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ message: string }>(`/admin/refunds/${id}/retry`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
