import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when every request that started has produced its answer (or after timeoutMs). */
    drainRequests(timeoutMs: number): Promise<void>;
  }
}

/**
 * Counts requests from arrival to answer. A client that hangs up does not stop
 * its handler, so shutdown waits for handlers, not for sockets, before the
 * database is closed under them.
 */
async function inFlight(app: FastifyInstance) {
  let count = 0;
  let waiters: (() => void)[] = [];
  const done = () => {
    count--;
    if (count === 0) {
      for (const w of waiters) w();
      waiters = [];
    }
  };
  // Callback hooks: every request passes them, and they never wait.
  app.addHook('onRequest', (request, _reply, next) => {
    count++;
    (request as { countedInFlight?: boolean }).countedInFlight = true;
    next();
  });
  app.addHook('onSend', (request, _reply, payload, next) => {
    const r = request as { countedInFlight?: boolean };
    if (r.countedInFlight) {
      r.countedInFlight = false;
      done();
    }
    next(null, payload);
  });
  app.decorate('drainRequests', (timeoutMs: number) =>
    count === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, timeoutMs);
          timer.unref();
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        }),
  );
}

export default fp(inFlight, { name: 'in-flight', fastify: '5.x' });
