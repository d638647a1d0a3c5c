import type { FastifyBaseLogger } from 'fastify';

export interface LogCall {
  level: string;
  obj: Record<string, unknown>;
  msg: unknown;
}

/** A logger that keeps every call, so a test can check what was logged at which level. */
export function fakeLogger() {
  const calls: LogCall[] = [];
  const log = (level: string) => (obj: Record<string, unknown>, msg?: unknown) =>
    calls.push({ level, obj, msg });
  const logger = {
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    debug: log('debug'),
    trace: log('trace'),
    fatal: log('fatal'),
    silent: () => {},
    child: () => logger,
    level: 'info',
  };
  return { logger: logger as unknown as FastifyBaseLogger, calls };
}
