/**
 * The account's documents (GET /api/documents). Shared by the Documentation
 * page (the list) and the Payments page (receipts are documents). The key
 * starts with 'documents': user data, dropped on logout.
 */
import { queryOptions } from '@tanstack/react-query';
import type { DocumentInfo } from '../../../shared/schemas/documents.js';
import { api } from './client.js';

export type { DocumentInfo };

export const documentKeys = {
  all: ['documents'] as const,
  list: ['documents', 'list'] as const,
};

export const documentsListQuery = queryOptions({
  queryKey: documentKeys.list,
  queryFn: ({ signal }) => api.get<DocumentInfo[]>('/documents', { signal }),
  staleTime: 30_000,
  retry: false,
});

/** What POST /api/documents/upload takes: a PDF, its description and, for an insurance certificate, its last valid day. */
export interface DocumentUploadInput {
  file: File;
  description: string;
  /** Set for a liability insurance certificate, with `expiresOn` (YYYY-MM-DD). */
  kind?: 'insurance' | undefined;
  expiresOn?: string | undefined;
}

export interface DocumentUploaded {
  message: string;
  document: DocumentInfo;
}

/**
 * POST /api/documents/upload (multipart: documentFile, description, and
 * kind=insurance with expiresOn for a certificate); an administrator names the
 * church with `accountId`.
 */
export function uploadDocument(input: DocumentUploadInput, accountId?: number) {
  const form = new FormData();
  form.append('documentFile', input.file, input.file.name);
  form.append('description', input.description);
  if (input.kind === 'insurance') {
    form.append('kind', 'insurance');
    form.append('expiresOn', input.expiresOn ?? '');
  }
  return api.post<DocumentUploaded>(
    '/documents/upload',
    form,
    accountId === undefined ? {} : { query: { accountId } },
  );
}

/** GET /api/documents/{id}/download: a signed link, valid for a few minutes, that saves the file. */
export const documentDownloadLink = (id: number) =>
  api.get<{ downloadUrl: string; fileName: string }>(`/documents/${id}/download`, {
    query: { disposition: 'attachment' },
  });
