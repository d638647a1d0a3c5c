import { useSearchParams } from 'react-router';

/**
 * The filters of a list screen, kept in the address (so a reload or a shared
 * link shows the same list): read them from `params`, change one with `set`
 * (an empty value removes it; `alsoClear` names filters that depend on it).
 * `page` is the list's page (0-based, `?page=2` is 1), `setPage` moves to one.
 */
export function useFilterParams() {
  const [params, setParams] = useSearchParams();
  function set(name: string, value: string | null, alsoClear: readonly string[] = []) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        for (const other of alsoClear) next.delete(other);
        return next;
      },
      { replace: true },
    );
  }
  const page = pageParam(params.get('page'));
  const setPage = (index: number) => set('page', index > 0 ? String(index + 1) : null);
  return { params, set, page, setPage };
}

/** A positive whole number of the address (an id), or undefined. */
export function idParam(value: string | null): number | undefined {
  return value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}

/** The page of the address, 1-based (`?page=2`), as a 0-based index. */
export function pageParam(value: string | null): number {
  return value && /^\d+$/.test(value) && Number(value) > 1 ? Number(value) - 1 : 0;
}
