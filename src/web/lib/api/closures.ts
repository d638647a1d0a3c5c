import { queryOptions } from '@tanstack/react-query';
import type { Closure } from '../../../shared/schemas/closures.js';
import { api } from './client.js';

export type { Closure };

/**
 * GET /api/closures: the days the house is closed in a month, by their public
 * label. Public data (the key starts with 'public'), read by every calendar.
 */
export const closuresQuery = (year: number, month: number) =>
  queryOptions({
    queryKey: ['public', 'closures', year, month],
    queryFn: ({ signal }) => api.get<Closure[]>('/closures', { signal, query: { year, month } }),
    staleTime: 60_000,
    retry: false,
  });
