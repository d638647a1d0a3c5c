/**
 * The personal calendar feed (docs/calendar.md): its address, and a reset that
 * retires the old one. The key starts with 'calendar-feed' (not auth, facility
 * or public): the address is a secret of the user and is dropped on logout.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client.js';

export interface CalendarFeed {
  /** The absolute address of the user's feed, `…/api/calendar/feed/{token}.ics`. */
  url: string;
}

export const calendarFeedKeys = {
  url: ['calendar-feed', 'url'] as const,
};

/** GET /api/calendar/feed: the server makes the address on the first call and keeps it. */
export const calendarFeedUrlQuery = queryOptions({
  queryKey: calendarFeedKeys.url,
  queryFn: ({ signal }) => api.get<CalendarFeed>('/calendar/feed', { signal }),
  // The address changes only by a reset, which writes the new one into the cache.
  staleTime: Infinity,
  retry: false,
});

/** The address, asked for only once `enabled` (the server makes it on the first call). */
export function useCalendarFeedUrl(enabled = true) {
  return useQuery({ ...calendarFeedUrlQuery, enabled });
}

/** POST /api/calendar/feed/rotate: a new address; the old one answers 404 from now on. */
export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeed>('/calendar/feed/rotate'),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKeys.url, feed),
  });
}
