import type { UseQueryResult } from '@tanstack/react-query';
import { CenteredLoader } from './CenteredLoader.js';
import { LoadErrorAlert } from './LoadErrorAlert.js';

type LoadingQuery = Pick<UseQueryResult, 'isError' | 'isFetching' | 'isPending' | 'refetch'>;

/** A query's failure: its text and "Try again", which fetches it again; nothing otherwise. */
export function QueryLoadError({
  query,
  message,
}: {
  query: Omit<LoadingQuery, 'isPending'>;
  message: string;
}) {
  if (!query.isError) return null;
  return (
    <LoadErrorAlert
      message={message}
      retrying={query.isFetching}
      onRetry={() => void query.refetch()}
    />
  );
}

/**
 * What a screen shows of a query before its data: the failure with "Try
 * again", or the loader while the first answer is on its way.
 */
export function QueryStatus({
  query,
  failed,
  loading,
}: {
  query: LoadingQuery;
  /** The failure's text, e.g. "The payments could not be loaded." */
  failed: string;
  /** The loader's label, e.g. "Loading payments..." */
  loading: string;
}) {
  if (query.isError) return <QueryLoadError query={query} message={failed} />;
  return query.isPending ? <CenteredLoader label={loading} /> : null;
}
