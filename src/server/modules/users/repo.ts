import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { accounts, users } from '../../db/schema.js';
import { readPage, type PageWindow } from '../../db/paging.js';
import { usernameKey } from '../../../shared/usernames.js';

/** Usernames compare without regard to case (the unique index is on lower(username)). */
export async function findUserByUsername(db: Db, username: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username.trim()})`)
    .limit(1);
  return row;
}

/**
 * A user whose name looks the same as this one (same NFKC, lower-case key:
 * "ＡＤＭＩＮ" looks like "admin"), other than `exceptId`.
 */
export async function findLookAlike(db: Db, username: string, exceptId?: number) {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      sql`lower(normalize(${users.username}, NFKC)) = ${usernameKey(username.trim())}${exceptId === undefined ? sql`` : sql` and ${users.id} <> ${exceptId}`}`,
    )
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export interface DirectoryFilter {
  status?: 'pending' | 'active' | 'inactive' | undefined;
  accountId?: number | undefined;
  /** Part of a username, an email address or a church's name, in any case. */
  q?: string | undefined;
}

/** `text` for ILIKE: its own %, _ and \ match themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Users with their church's name (null: none), ordered by username (ties by
 * id), as the directory lists them; a page of them with `limit`, and the total.
 */
export function listDirectory(db: Db, filter: DirectoryFilter & PageWindow = {}) {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(users.status, filter.status));
  if (filter.accountId) where.push(eq(users.accountId, filter.accountId));
  const q = filter.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    where.push(
      or(
        ilike(users.username, pattern),
        ilike(users.email, pattern),
        ilike(accounts.accountName, pattern),
      )!,
    );
  }
  const cond = where.length ? and(...where) : undefined;
  return readPage(
    db,
    filter,
    (tx, page) => {
      const query = tx
        .select({ user: users, accountName: accounts.accountName })
        .from(users)
        .leftJoin(accounts, eq(accounts.id, users.accountId))
        .where(cond)
        .orderBy(sql`lower(${users.username})`, asc(users.id))
        .$dynamic();
      return page ? query.limit(page.limit).offset(page.offset) : query;
    },
    async (tx) => {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .leftJoin(accounts, eq(accounts.id, users.accountId))
        .where(cond);
      return row!.n;
    },
  );
}

export async function findDirectoryUser(db: Db, id: number) {
  const [row] = await db
    .select({ user: users, accountName: accounts.accountName })
    .from(users)
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export type DirectoryRow = Awaited<ReturnType<typeof findDirectoryUser>> & {};
