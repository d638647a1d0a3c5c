import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { users } from '../../db/schema.js';
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
