/**
 * The account's document calls. The list query lives in `src/web/lib/api/documents.ts`
 * (the Payments page reads receipts from it); every change reloads it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client.js';
import { documentKeys, uploadDocument, type DocumentUploadInput } from '@/lib/api/documents.js';

export { documentKeys, documentsListQuery } from '@/lib/api/documents.js';

/** POST /api/documents/upload (multipart: documentFile, description; an insurance certificate's kind and expiry). */
export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DocumentUploadInput) => uploadDocument(input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

/** DELETE /api/documents/{id}. */
export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/documents/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

/** GET /api/documents/{id}/download: a signed link, valid for a few minutes, that saves the file. */
export { documentDownloadLink as downloadLink } from '@/lib/api/documents.js';
