/**
 * The church's liability insurance certificates on the stay page: an upload
 * with its last valid day (for the member's church, or the one an
 * administrator names) and a delete. Every change reloads the documents and
 * the checklist, whose insurance item they settle.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client.js';
import { documentKeys, uploadDocument, type DocumentUploadInput } from '@/lib/api/documents.js';
import { stayKeys } from './stay.js';

function useReload(reservationId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: documentKeys.all }),
      queryClient.invalidateQueries({ queryKey: stayKeys.checklist(reservationId) }),
    ]);
}

/** POST /api/documents/upload with kind=insurance (and ?accountId= for an administrator). */
export function useUploadCertificate(reservationId: number, accountId: number | undefined) {
  const reload = useReload(reservationId);
  return useMutation({
    mutationFn: (input: DocumentUploadInput) =>
      uploadDocument({ ...input, kind: 'insurance' }, accountId),
    onSettled: reload,
  });
}

/** DELETE /api/documents/{id}: insurance certificates may be deleted like uploads. */
export function useDeleteCertificate(reservationId: number) {
  const reload = useReload(reservationId);
  return useMutation({
    mutationFn: (documentId: number) => api.delete<{ message: string }>(`/documents/${documentId}`),
    onSettled: reload,
  });
}
