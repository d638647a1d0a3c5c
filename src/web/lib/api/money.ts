/**
 * Money calls and keys shared by more than one screen (docs/money.md).
 *
 * - The house's rates and cancellation policy (GET /api/facility/pricing):
 *   public data, read by the Availability tab and the New Reservation form;
 *   its key starts with 'public' so it survives a logout.
 * - The root key of the member's payments (the ledger): a reservation's
 *   cancellation refunds money, so My Reservations reloads it too.
 */
import { queryOptions } from '@tanstack/react-query';
import type { PricingInfo } from '../../../shared/schemas/pricing.js';
import { api } from './client.js';

export type { PricingInfo };

export const pricingInfoQuery = queryOptions({
  queryKey: ['public', 'pricing'] as const,
  queryFn: ({ signal }) => api.get<PricingInfo>('/facility/pricing', { signal }),
  staleTime: 10 * 60_000,
  retry: false,
});

/** Every query of the member's payments starts with this key (user data, dropped on logout). */
export const paymentsRootKey = ['payments'] as const;
