/**
 * The leader's side of the attendees (docs/stays.md, "Attendees"): the
 * link to share (made on first ask, the same after), a new link that ends the
 * old one, and the names given through it.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Attendee } from '../../../../shared/schemas/questionnaire.js';
import { api } from '@/lib/api/client.js';

export type { Attendee };

export const attendeeKeys = {
  link: (id: number) => ['reservations', 'attendee-link', id] as const,
  list: (id: number) => ['reservations', 'attendees', id] as const,
};

interface AttendeeLink {
  url: string;
}

/** The link's whole address, to paste in a message. */
export const fullUrl = (url: string) => new URL(url, window.location.origin).href;

/** POST /api/reservations/{id}/attendee-link: the stay's link (the owner's only). */
export const attendeeLinkQuery = (id: number) =>
  queryOptions({
    queryKey: attendeeKeys.link(id),
    queryFn: () => api.post<AttendeeLink>(`/reservations/${id}/attendee-link`),
    staleTime: Infinity,
    retry: false,
  });

/** POST /api/reservations/{id}/attendee-link/rotate: a new link; the old one stops working. */
export function useNewAttendeeLink(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AttendeeLink>(`/reservations/${id}/attendee-link/rotate`),
    onSuccess: (link) => queryClient.setQueryData(attendeeKeys.link(id), link),
  });
}

/** GET /api/reservations/{id}/attendees: the names given, first given first. */
export const attendeesQuery = (id: number) =>
  queryOptions({
    queryKey: attendeeKeys.list(id),
    queryFn: ({ signal }) => api.get<Attendee[]>(`/reservations/${id}/attendees`, { signal }),
    staleTime: 30_000,
    retry: false,
  });

/** DELETE /api/reservations/{id}/attendees/{attendeeId}. */
export function useRemoveAttendee(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attendeeId: number) =>
      api.delete<void>(`/reservations/${id}/attendees/${attendeeId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: attendeeKeys.list(id) }),
  });
}
