import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { users } from '../../db/schema.js';

/** Usernames compare without regard to case (the unique index is on lower(username)). */
export async function findUserByUsername(db: Db, username: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username.trim()})`)
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}
