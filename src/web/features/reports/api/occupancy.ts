/**
 * The occupancy and revenue report (docs/house-operations.md): a year's
 * twelve months as figures, the same as a CSV download, and the house's
 * currency the amounts are in.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OccupancyMonth } from '../../../../shared/schemas/operations.js';
import { API_BASE, api } from '@/lib/api/client.js';
import { pricingInfoQuery } from '@/lib/api/money.js';

export type { OccupancyMonth };

/** The years the server reports on (its `occupancyQuery`). */
export const FIRST_REPORT_YEAR = 2000;
export const LAST_REPORT_YEAR = 2100;

export const isReportYear = (year: number) =>
  Number.isInteger(year) && year >= FIRST_REPORT_YEAR && year <= LAST_REPORT_YEAR;

/** Not under 'auth', 'facility' or 'public': dropped when the session ends. */
export const reportsKey = ['admin', 'reports'] as const;

/** GET /api/admin/reports/occupancy?year=: the year's months, January first. */
export const occupancyQuery = (year: number) =>
  queryOptions({
    queryKey: [...reportsKey, 'occupancy', year],
    queryFn: ({ signal }) =>
      api.get<OccupancyMonth[]>('/admin/reports/occupancy', { signal, query: { year } }),
  });

export function useOccupancy(year: number, enabled = true) {
  return useQuery({ ...occupancyQuery(year), enabled });
}

/** GET /api/admin/reports/occupancy.csv?year=: a plain link the browser saves. */
export const occupancyCsvUrl = (year: number) =>
  `${API_BASE}/admin/reports/occupancy.csv?year=${year}`;

/** The house's currency (the rates'): the report's amounts carry none. */
export function useHouseCurrency(): string {
  return useQuery(pricingInfoQuery).data?.currency ?? 'USD';
}
