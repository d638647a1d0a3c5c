/**
 * The account's document calls. The list query lives in `src/web/lib/api/documents.ts`
 * (the Payments page reads receipts from it); every change reloads it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentInfo } from '../../../../shared/schemas/documents.js';
import { api } from '@/lib/api/client.js';
import { documentKeys } from '@/lib/api/documents.js';

export { documentKeys, documentsListQuery } from '@/lib/api/documents.js';

export interface UploadInput {
  file: File;
  description: string;
}

/** POST /api/documents/upload (multipart: documentFile, description). */
export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, description }: UploadInput) => {
      const form = new FormData();
      form.append('documentFile', file, file.name);
      form.append('description', description);
      return api.post<{ message: string; document: DocumentInfo }>('/documents/upload', form);
    },
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
export const downloadLink = (id: number) =>
  api.get<{ downloadUrl: string; fileName: string }>(`/documents/${id}/download`, {
    query: { disposition: 'attachment' },
  });
