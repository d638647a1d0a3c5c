/**
 * The administrator's church (account) directory: every church with its
 * counts, one church with everything that belongs to it, and the documents an
 * administrator uploads for a church.
 */
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { DocumentInfo } from '../../../../shared/schemas/documents.js';
import type { LedgerEntry } from '../../../../shared/schemas/payments.js';
import type { AccountDetails, AccountOverview } from '../../../../shared/schemas/directory.js';
import { api } from '@/lib/api/client.js';
import { getPage } from '@/lib/api/paging.js';
import { documentKeys, uploadDocument, type DocumentUploadInput } from '@/lib/api/documents.js';
import { accountsKey } from './users.js';

export type { DocumentInfo, LedgerEntry };

/** One church of GET /api/accounts, with its counts. */
export type ChurchSummary = AccountOverview;

/** GET /api/accounts/{id}: the account's profile and everything that belongs to it. */
export type ChurchDetails = AccountDetails;

/** Under the accounts key: a new or changed account refetches these too. */
export const churchesKey = [...accountsKey, 'directory'] as const;
export const churchKey = (id: number) => [...accountsKey, 'detail', id] as const;

export const churchesQuery = queryOptions({
  queryKey: churchesKey,
  queryFn: ({ signal }) => api.get<ChurchSummary[]>('/accounts', { signal }),
});

/** Every church, by name (for the church selects; the Churches screen pages). */
export function useChurches() {
  return useQuery({
    ...churchesQuery,
    select: (churches) => [...churches].sort((a, b) => a.accountName.localeCompare(b.accountName)),
  });
}

/** Churches per page of the Churches screen. */
export const CHURCHES_PAGE_SIZE = 50;

export interface ChurchesPage {
  churches: ChurchSummary[];
  /** Whether another page follows (one more church than a page was asked for). */
  hasNext: boolean;
}

/** GET /api/accounts, one page, by name. */
export const churchesPageQuery = (page: number) =>
  queryOptions({
    queryKey: [...churchesKey, 'page', page],
    queryFn: async ({ signal }): Promise<ChurchesPage> => {
      const { items, hasNext } = await getPage<ChurchSummary>('/accounts', {
        page,
        size: CHURCHES_PAGE_SIZE,
        signal,
      });
      return { churches: items, hasNext };
    },
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useChurchesPage(page: number) {
  return useQuery(churchesPageQuery(page));
}

export function useChurch(id: number) {
  return useQuery({
    queryKey: churchKey(id),
    queryFn: ({ signal }) => api.get<ChurchDetails>(`/accounts/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/**
 * POST /api/documents/upload?accountId={id} (multipart, as a member's upload):
 * the document belongs to that church. The church and its counts are refetched.
 */
export function useUploadChurchDocument(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DocumentUploadInput) => uploadDocument(input, accountId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountsKey }),
        queryClient.invalidateQueries({ queryKey: documentKeys.all }),
      ]),
  });
}
