import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { tooManyRequests } from '../errors.js';
import type { Redis } from 'ioredis';

type Check = (
  req: FastifyRequest,
  opts?: { increment?: boolean },
) => Promise<{ isAllowed: boolean; isExceeded?: boolean; remaining?: number }>;

export interface AuthRateLimits {
  /** A preHandler counting every request of one address to one route. */
  byAddress(route: string): (request: FastifyRequest) => Promise<void>;
  /**
   * Failed attempts on one username from one address. A source that keeps
   * failing is blocked for that username; the owner, logging in from their own
   * address, never is (a stranger's failures cannot lock them out).
   */
  usernameFailures: {
    /** Refuses (429) while this address has used up its attempts on the username. */
    assertAllowed(request: FastifyRequest, username: string): Promise<void>;
    recordFailure(request: FastifyRequest, username: string): Promise<void>;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    authRateLimits: AuthRateLimits;
  }
}

/** How long a source's failures on one username count. */
export const USERNAME_FAILURE_WINDOW_MS = 15 * 60_000;
/** Failures of one source on one username before it is blocked for that username. */
export const usernameFailuresAllowed = (perMinute: number) => Math.max(1, Math.ceil(perMinute / 2));

interface Options {
  perMinute: number;
  redisUrl?: string | undefined;
}

/**
 * Rate limits of the auth routes (docs/architecture.md §4): per address and per username,
 * `perMinute` each, in Redis when configured so every instance counts together.
 */
async function rateLimits(app: FastifyInstance, opts: Options) {
  // Loaded only when configured: one instance alone counts in memory.
  let redis: Redis | undefined;
  if (opts.redisUrl) {
    const { Redis } = await import('ioredis');
    redis = new Redis(opts.redisUrl, {
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      lazyConnect: false,
    });
  }
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    max: opts.perMinute,
    timeWindow: 60_000,
    redis,
    nameSpace: 'retreat-rl-',
    skipOnError: true,
  });

  // The username limiter's key is set on the request just before each check.
  // Stricter than the per-address minute: a source that failed half as many
  // times on one username waits a quarter of an hour for it.
  const usernameLimiter = app.createRateLimit({
    max: usernameFailuresAllowed(opts.perMinute),
    timeWindow: USERNAME_FAILURE_WINDOW_MS,
    keyGenerator: (req) => `user:${usernameKeys.get(req) ?? ''}:${req.ip}`,
  }) as Check;
  const usernameKeys = new WeakMap<FastifyRequest, string>();
  const checkUsername = (request: FastifyRequest, username: string, increment: boolean) => {
    usernameKeys.set(request, username.trim().toLowerCase());
    return usernameLimiter(request, { increment });
  };

  const limits: AuthRateLimits = {
    byAddress(route) {
      const check = app.createRateLimit({
        keyGenerator: (req) => `ip:${route}:${req.ip}`,
      }) as Check;
      return async (request) => {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) throw tooManyRequests();
      };
    },
    usernameFailures: {
      async assertAllowed(request, username) {
        const result = await checkUsername(request, username, false);
        if (!result.isAllowed && result.remaining === 0) throw tooManyRequests();
      },
      async recordFailure(request, username) {
        await checkUsername(request, username, true);
      },
    },
  };
  app.decorate('authRateLimits', limits);
}

export default fp(rateLimits, { name: 'rate-limits', fastify: '5.x' });
