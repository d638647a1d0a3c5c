/**
 * What a stay costs and what cancelling it refunds (docs/money.md).
 */
import { queryOptions } from '@tanstack/react-query';
import type { StayChoice } from '../../../../shared/group-pricing.js';
import type { DayKey } from '../../../../shared/dates.js';
import type { CancellationQuote, Quote } from '../../../../shared/schemas/index.js';
import { api } from '@/lib/api/client.js';
import { reservationKeys } from './reservations.js';

export { pricingInfoQuery } from '@/lib/api/money.js';

/**
 * GET /api/facility/quote: the price of the days first…last, line by line,
 * for a group's guests and meal plan when given. Public data keyed by all of
 * them, so going back to a choice shows it at once. While only the guests or
 * the meals change, the last price stays shown (busy) until the new one is in.
 */
export const quoteQuery = (first: DayKey, last: DayKey, choice: StayChoice = {}) => {
  const guests = choice.guests ?? null;
  const mealPlan = choice.mealPlan || null;
  return queryOptions({
    queryKey: ['public', 'quote', first, last, guests, mealPlan] as const,
    queryFn: ({ signal }) =>
      api.get<Quote>('/facility/quote', {
        signal,
        query: {
          start: first,
          end: last,
          guests: guests ?? undefined,
          mealPlan: mealPlan ?? undefined,
        },
      }),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === first && previousQuery.queryKey[3] === last
        ? previous
        : undefined,
    staleTime: 10 * 60_000,
    retry: false,
  });
};

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
