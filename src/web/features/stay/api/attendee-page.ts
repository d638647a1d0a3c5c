/**
 * The attendee's page behind a leader's link (no account): what the stay is,
 * and giving one's name. Its own module, so that the page's chunk carries
 * nothing of the leader's screens.
 */
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { AttendeeBody, AttendeeStay } from '../../../../shared/schemas/questionnaire.js';
import { api } from '@/lib/api/client.js';

export type { AttendeeBody, AttendeeStay };

const pathOf = (token: string) => `/attendee/${encodeURIComponent(token)}`;

/** GET /api/attendee/{token}: the stay's name, dates and house; 404 for a link no longer valid. */
export const attendeeStayQuery = (token: string) =>
  queryOptions({
    queryKey: ['public', 'attendee', token] as const,
    queryFn: ({ signal }) => api.get<AttendeeStay>(pathOf(token), { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** POST /api/attendee/{token}: 201 with a thank-you; 409 attendees_full, 429 rate_limited. */
export function useGiveName(token: string) {
  return useMutation({
    mutationFn: (body: AttendeeBody) => api.post<{ message: string }>(pathOf(token), body),
  });
}
