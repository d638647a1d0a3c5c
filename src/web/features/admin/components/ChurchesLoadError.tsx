import type { UseQueryResult } from '@tanstack/react-query';
import { LoadErrorAlert } from '@/components/LoadErrorAlert.js';
import { churchesFailed } from './ChurchFilter.js';

/** The churches (GET /api/accounts, whole or a page) could not be fetched: the text and "Try again". */
export function ChurchesLoadError({
  churches,
}: {
  churches: Pick<UseQueryResult, 'isError' | 'isFetching' | 'refetch'>;
}) {
  return churches.isError ? (
    <LoadErrorAlert
      message={churchesFailed}
      retrying={churches.isFetching}
      onRetry={() => void churches.refetch()}
    />
  ) : null;
}
