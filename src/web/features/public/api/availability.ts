import { queryOptions } from '@tanstack/react-query';
import type { PublicCalendarEntry } from '../../../../shared/schemas/reservations.js';
import { api } from '@/lib/api/client.js';

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
