/**
 * One page of a list paged on the server (docs/lists.md), as every screen
 * with a `Pager` asks for it.
 */
import { api, type RequestOptions } from './client.js';

export interface ListPage<T> {
  items: T[];
  /** Whether another page follows. */
  hasNext: boolean;
}

export interface PageRequest {
  /** The page, from 0. */
  page: number;
  /** Items a page shows. */
  size: number;
  /** The list's filters; undefined values are left out. */
  query?: RequestOptions['query'];
  signal?: AbortSignal;
}

/**
 * GET one page of `path`. The client reads bodies only, not the
 * `X-Total-Count` header: it asks for one item more than a page shows, and
 * that item's presence says a next page exists.
 */
export async function getPage<T>(path: string, request: PageRequest): Promise<ListPage<T>> {
  const { page, size, query, signal } = request;
  const list = await api.get<T[]>(path, {
    signal,
    query: { ...query, limit: size + 1, offset: page * size },
  });
  return { items: list.slice(0, size), hasNext: list.length > size };
}
