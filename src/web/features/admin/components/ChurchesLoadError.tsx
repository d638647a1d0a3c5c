import type { UseQueryResult } from '@tanstack/react-query';
import { churchesFailed } from './ChurchFilter.js';
import { QueryLoadError } from '@/components/QueryStatus.js';

/** The churches (GET /api/accounts, whole or a page) could not be fetched: the text and "Try again". */
export function ChurchesLoadError({
  churches,
}: {
  churches: Pick<UseQueryResult, 'isError' | 'isFetching' | 'refetch'>;
}) {
  return <QueryLoadError query={churches} message={churchesFailed} />;
}
