/**
 * The stay page's reads (docs/stays.md): the reservation itself (the member's
 * own, or any for an administrator), its checklist and the church's
 * documents. Keys start with 'reservations', 'admin' or 'documents': user
 * data, dropped on logout, and reloaded with the lists they belong to.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChecklistItem } from '../../../../shared/schemas/questionnaire.js';
import type { AdminReservation, Reservation } from '../../../../shared/schemas/reservations.js';
import { api } from '@/lib/api/client.js';
import { documentKeys, documentsListQuery, type DocumentInfo } from '@/lib/api/documents.js';

export type { AdminReservation, ChecklistItem, DocumentInfo, Reservation };

export const stayKeys = {
  /** Under the member's list, so that a payment or a change reloads it too. */
  mine: (id: number) => ['reservations', 'mine', 'stay', id] as const,
  /** Under the administrator's reservations, reloaded with every change of them. */
  admin: (id: number) => ['admin', 'reservations', 'stay', id] as const,
  checklist: (id: number) => ['reservations', 'checklist', id] as const,
  /** One church's documents, as an administrator asks for them; under 'documents', reloaded by every upload. */
  churchDocuments: (accountId: number) => [...documentKeys.all, 'church', accountId] as const,
};

/** GET /api/reservations/my-reservations?ids={id}: the member's own stay, or null when it is not theirs. */
export const myStayQuery = (id: number) =>
  queryOptions({
    queryKey: stayKeys.mine(id),
    queryFn: async ({ signal }) => {
      const found = await api.get<Reservation[]>('/reservations/my-reservations', {
        signal,
        query: { ids: String(id) },
      });
      return found.find((r) => r.id === id) ?? null;
    },
    staleTime: 30_000,
    retry: false,
  });

/** GET /api/reservations?ids={id} (admin): any stay, or null when there is none. */
export const adminStayQuery = (id: number) =>
  queryOptions({
    queryKey: stayKeys.admin(id),
    queryFn: async ({ signal }) => {
      const found = await api.get<AdminReservation[]>('/reservations', {
        signal,
        query: { ids: String(id) },
      });
      return found.find((r) => r.id === id) ?? null;
    },
    staleTime: 30_000,
    retry: false,
  });

/** GET /api/reservations/{id}/checklist: what the house asks for, each with its due day. */
export const checklistQuery = (id: number) =>
  queryOptions({
    queryKey: stayKeys.checklist(id),
    queryFn: ({ signal }) => api.get<ChecklistItem[]>(`/reservations/${id}/checklist`, { signal }),
    staleTime: 30_000,
    retry: false,
  });

/** GET /api/documents?accountId={id}: one church's documents, as an administrator sees them. */
export const churchDocumentsQuery = (accountId: number) =>
  queryOptions({
    queryKey: stayKeys.churchDocuments(accountId),
    queryFn: ({ signal }) =>
      api.get<DocumentInfo[]>('/documents', { signal, query: { accountId } }),
    staleTime: 30_000,
    retry: false,
  });

/**
 * The church's documents as the viewer may list them: a member's own, an
 * administrator's of the stay's church (nothing is asked without one).
 */
export function useStayDocuments(staff: boolean, accountId: number | null) {
  const mine = useQuery({ ...documentsListQuery, enabled: !staff });
  const church = useQuery({
    ...churchDocumentsQuery(accountId ?? 0),
    enabled: staff && accountId !== null,
  });
  return staff ? church : mine;
}
