import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { users } from '../db/schema.js';
import { ADMINISTRATOR } from '../../shared/roles.js';

/** The addresses of the active administrators who have one: the house's staff. */
export async function adminAddresses(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, ADMINISTRATOR), eq(users.status, 'active'), isNotNull(users.email)));
  return rows.map((r) => r.email!).filter((e) => e.trim() !== '');
}
