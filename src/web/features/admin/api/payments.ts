/**
 * The administrator's ledger calls (docs/money.md): the entries of every
 * account, a page at a time, their totals, the CSV export and the receipts
 * and credit notes behind the entries.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LedgerEntry, LedgerSummary } from '../../../../shared/schemas/index.js';
import { API_BASE, api } from '@/lib/api/client.js';

export type { LedgerEntry, LedgerSummary };

/** Not under 'auth', 'facility' or 'public': dropped when the session ends. */
export const adminPaymentsKey = ['admin', 'payments'] as const;

/** Entries per page of the Payments screen. */
export const LEDGER_PAGE_SIZE = 50;

/** The filters the totals, the list and the export share; empty means "all". */
export interface LedgerFilters {
  accountId?: number;
  /** YYYY-MM-DD, in the house's time zone. */
  from?: string;
  to?: string;
}

const filterQuery = ({ accountId, from, to }: LedgerFilters) => ({ accountId, from, to });

export interface LedgerPage {
  entries: LedgerEntry[];
  /** Whether another page follows (one more entry than a page was asked for). */
  hasNext: boolean;
}

/**
 * GET /api/payments, one page. The client reads bodies only, not the
 * X-Total-Count header, so one entry more than a page is asked for: its
 * presence says whether a next page exists.
 */
export const ledgerPageQuery = (filters: LedgerFilters, page: number) =>
  queryOptions({
    queryKey: [...adminPaymentsKey, 'ledger', filterQuery(filters), page],
    queryFn: async ({ signal }): Promise<LedgerPage> => {
      const entries = await api.get<LedgerEntry[]>('/payments', {
        signal,
        query: {
          ...filterQuery(filters),
          limit: LEDGER_PAGE_SIZE + 1,
          offset: page * LEDGER_PAGE_SIZE,
        },
      });
      return {
        entries: entries.slice(0, LEDGER_PAGE_SIZE),
        hasNext: entries.length > LEDGER_PAGE_SIZE,
      };
    },
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useLedgerPage(filters: LedgerFilters, page: number) {
  return useQuery(ledgerPageQuery(filters, page));
}

/** GET /api/payments/summary: received, refunded and outstanding for the filters. */
export const ledgerSummaryQuery = (filters: LedgerFilters) =>
  queryOptions({
    queryKey: [...adminPaymentsKey, 'summary', filterQuery(filters)],
    queryFn: ({ signal }) =>
      api.get<LedgerSummary>('/payments/summary', { signal, query: filterQuery(filters) }),
  });

export function useLedgerSummary(filters: LedgerFilters) {
  return useQuery(ledgerSummaryQuery(filters));
}

/** GET /api/payments/export.csv with the same filters: a plain link the browser saves. */
export function ledgerExportUrl(filters: LedgerFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filterQuery(filters))) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}/payments/export.csv${qs ? `?${qs}` : ''}`;
}

/** GET /api/documents/{id}/download?disposition=inline: a signed link that opens in the browser. */
export const inlineDocumentLink = (documentId: number) =>
  api.get<{ downloadUrl: string; fileName: string }>(`/documents/${documentId}/download`, {
    query: { disposition: 'inline' },
  });
