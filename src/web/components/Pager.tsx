import { Button, Group, Text } from '@mantine/core';

export interface PagerProps {
  /** Names the navigation, e.g. "Mail pages". */
  label: string;
  /** The page shown, from 0. */
  page: number;
  hasNext: boolean;
  /** While the next page loads (placeholder data shown), both buttons wait. */
  busy: boolean;
  onPage: (page: number) => void;
}

/** Previous / Page n / Next under a server-paginated list; hidden when there is one page. */
export function Pager({ label, page, hasNext, busy, onPage }: PagerProps) {
  if (page === 0 && !hasNext) return null;
  return (
    <nav aria-label={label}>
      <Group justify="space-between">
        <Button variant="default" disabled={page === 0 || busy} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Text>Page {page + 1}</Text>
        <Button variant="default" disabled={!hasNext || busy} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </Group>
    </nav>
  );
}

/** A paged query's answer, as `QueryPager` reads it. */
interface PagedQuery {
  data?: { hasNext: boolean } | undefined;
  isPlaceholderData: boolean;
}

/**
 * The Pager of a paged list query: nothing until its first page came; while
 * another page loads (the last one still shown), both buttons wait.
 */
export function QueryPager({
  query,
  ...place
}: Omit<PagerProps, 'hasNext' | 'busy'> & { query: PagedQuery }) {
  if (!query.data) return null;
  return <Pager {...place} hasNext={query.data.hasNext} busy={query.isPlaceholderData} />;
}
