import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { sessions, users } from '../db/schema.js';
import { isSessionPath, routedPath } from './routed-path.js';

export const SESSION_COOKIE = 'sid';
const SESSION_DAYS = 14;
const SESSION_MS = SESSION_DAYS * 24 * 3600 * 1000;
/** A session in use is extended, at most once an hour, so active people stay logged in. */
const RENEW_AFTER_MS = 3600 * 1000;

export type UserRow = typeof users.$inferSelect;

export interface RequestSession {
  tokenHash: string;
  user: UserRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession | null;
  }
  interface FastifyInstance {
    sessions: SessionStore;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionStore {
  create(reply: FastifyReply, userId: number, replacing?: string | null): Promise<void>;
  destroy(reply: FastifyReply, tokenHash: string | null | undefined): Promise<void>;
  /** Ends every session of a user but the one kept (after a password change). */
  destroyOthers(userId: number, keepTokenHash?: string | null): Promise<void>;
}

interface Options {
  db: Db;
  secureCookies: boolean;
}

async function sessionsPlugin(app: FastifyInstance, { db, secureCookies }: Options) {
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies,
  };

  const store: SessionStore = {
    async create(reply, userId, replacing) {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + SESSION_MS);
      await db.transaction(async (tx) => {
        // A fresh token on every login: a token planted before login is worthless.
        if (replacing) await tx.delete(sessions).where(eq(sessions.tokenHash, replacing));
        await tx.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
      });
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: expiresAt });
    },
    async destroy(reply, tokenHash) {
      if (tokenHash) await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    },
    async destroyOthers(userId, keepTokenHash) {
      await db
        .delete(sessions)
        .where(
          keepTokenHash
            ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash))
            : eq(sessions.userId, userId),
        );
    },
  };
  app.decorate('sessions', store);
  app.decorateRequest('session', null);

  async function authenticate(request: FastifyRequest, reply: FastifyReply, token: string) {
    const tokenHash = hashToken(token);
    const now = new Date();
    const [row] = await db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
      .limit(1);
    // A pending or deactivated user's session authenticates nobody (deactivating also deletes it).
    if (!row || row.user.status !== 'active') return;
    request.session = { tokenHash, user: row.user };
    const age = SESSION_MS - (row.session.expiresAt.getTime() - now.getTime());
    // A public, cacheable answer never carries a cookie: the renewal waits for another request.
    if (age > RENEW_AFTER_MS && request.routeOptions.config?.setsCookies !== false) {
      const expiresAt = new Date(now.getTime() + SESSION_MS);
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.tokenHash, tokenHash));
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: expiresAt });
    }
  }

  // A callback hook that waits for the database only when a session cookie came.
  app.addHook('onRequest', (request, reply, next) => {
    if (!isSessionPath(routedPath(request))) return next();
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return next();
    authenticate(request, reply, token).then(() => next(), next);
  });

  // Expired sessions are removed now and then, not on the request path.
  const sweep = setInterval(() => {
    db.delete(sessions)
      .where(lt(sessions.expiresAt, new Date()))
      .catch((err: unknown) => app.log.warn({ err }, 'session sweep failed'));
  }, 3600 * 1000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}

export default fp(sessionsPlugin, {
  name: 'sessions',
  fastify: '5.x',
  dependencies: ['@fastify/cookie'],
});
