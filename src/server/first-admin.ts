import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/open.js';
import { users } from './db/schema.js';
import { isUniqueViolation } from './errors.js';
import { hashPassword } from './passwords.js';
import { ADMINISTRATOR } from '../shared/roles.js';

/**
 * Creates the first administrator when there is none (docs/architecture.md §4): from
 * ADMIN_USERNAME / ADMIN_PASSWORD, or with a random password printed once.
 */
export async function ensureFirstAdmin(
  db: Db,
  opts: { username: string; password: string | undefined; email?: string | undefined },
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  /** Where a person starting the site looks (the terminal): the one-time password, plainly. */
  say?: (text: string) => void,
): Promise<'created' | 'exists'> {
  const [admin] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.role, ADMINISTRATOR))
    .orderBy(users.id)
    .limit(1);
  if (admin) {
    // ADMIN_EMAIL gives the first administrator an address when they have none yet.
    if (opts.email && !admin.email)
      await db.update(users).set({ email: opts.email }).where(eq(users.id, admin.id));
    return 'exists';
  }
  const password = opts.password ?? randomBytes(12).toString('base64url');
  try {
    await db.insert(users).values({
      username: opts.username,
      passwordHash: await hashPassword(password),
      email: opts.email ?? null,
      role: ADMINISTRATOR,
      status: 'active',
    });
  } catch (err) {
    // Another instance created it at the same moment, or the name belongs to a member.
    if (isUniqueViolation(err)) {
      log.warn(
        `No administrator was created: the username "${opts.username}" is taken. Set ADMIN_USERNAME to another name.`,
      );
      return 'exists';
    }
    throw err;
  }
  if (opts.password)
    log.info(`Created the administrator "${opts.username}" with the password from ADMIN_PASSWORD.`);
  else {
    const message =
      `Created the administrator "${opts.username}" with the password: ${password}\n` +
      'It is shown only this once: log in and change it under My Account.';
    log.warn(message);
    // The log line is JSON, easy to miss among others: the same words, plainly.
    say?.(`\n${message}\n\n`);
  }
  return 'created';
}
