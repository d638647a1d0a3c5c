import type { FastifyReply } from 'fastify';

/**
 * A list's page, with its total in `X-Total-Count` when paging was asked for
 * (`limit`); without it the list is whole and has no header (docs/lists.md).
 */
export function pagedAnswer<T>(
  reply: FastifyReply,
  query: { limit?: number | undefined },
  items: T[],
  total: number,
): T[] {
  if (query.limit !== undefined) reply.header('x-total-count', String(total));
  return items;
}
