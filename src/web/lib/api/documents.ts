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
