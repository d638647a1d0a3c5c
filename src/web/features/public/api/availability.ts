import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { localToday, monthOfDay } from '../../../../shared/dates.js';
import type { PublicCalendarEntry } from '../../../../shared/schemas/reservations.js';
import { api } from '@/lib/api/client.js';
import { closuresQuery } from '@/lib/api/closures.js';
import { facilityInfoQuery } from '@/lib/api/facility.js';
import { pricingInfoQuery } from '@/lib/api/money.js';

/** GET /api/reservations/public-calendar: reserved days only. Public data: the key starts with 'public'. */
export const publicCalendarQuery = (year: number, month: number) =>
  queryOptions({
    queryKey: ['public', 'calendar', year, month],
    queryFn: ({ signal }) =>
      api.get<PublicCalendarEntry[]>('/reservations/public-calendar', {
        signal,
        query: { year, month },
      }),
    staleTime: 60_000,
    retry: false,
  });

/**
 * Everything the Availability tab shows, asked for as the page starts, while
 * its code is still loading (docs/operations.md, "Prerendered pages"): the
 * answers are then in when the app takes the page over, and the month, its
 * key and the rates are drawn together once, not once per answer. The month
 * is the browser's own; on the rare day the house's month differs, the tab
 * asks for that one itself.
 */
export function prefetchAvailability(queryClient: QueryClient): void {
  const { year, month } = monthOfDay(localToday());
  void queryClient.prefetchQuery(facilityInfoQuery);
  void queryClient.prefetchQuery(pricingInfoQuery);
  void queryClient.prefetchQuery(publicCalendarQuery(year, month));
  void queryClient.prefetchQuery(closuresQuery(year, month));
}
