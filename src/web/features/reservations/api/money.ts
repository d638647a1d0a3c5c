/**
 * What a stay costs and what cancelling it refunds (docs/money.md).
 */
import { queryOptions } from '@tanstack/react-query';
import type { DayKey } from '../../../../shared/dates.js';
import type { CancellationQuote, Quote } from '../../../../shared/schemas/index.js';
import { api } from '@/lib/api/client.js';
import { reservationKeys } from './reservations.js';

export { pricingInfoQuery } from '@/lib/api/money.js';

/**
 * GET /api/facility/quote: the price of the days first…last, line by line.
 * Public data keyed by the range, so going back to a range shows it at once.
 */
export const quoteQuery = (first: DayKey, last: DayKey) =>
  queryOptions({
    queryKey: ['public', 'quote', first, last] as const,
    queryFn: ({ signal }) =>
      api.get<Quote>('/facility/quote', { signal, query: { start: first, end: last } }),
    staleTime: 10 * 60_000,
    retry: false,
  });

/**
 * GET /api/reservations/{id}/cancellation-quote: what cancelling now would
 * refund. Asked each time the dialog opens (it changes with the day); under
 * the 'reservations' key, so every reservation change drops it.
 */
export const cancellationQuoteQuery = (reservationId: number) =>
  queryOptions({
    queryKey: [...reservationKeys.all, 'cancellation-quote', reservationId] as const,
    queryFn: ({ signal }) =>
      api.get<CancellationQuote>(`/reservations/${reservationId}/cancellation-quote`, { signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
