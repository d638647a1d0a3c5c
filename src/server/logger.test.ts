import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { pino } from 'pino';
import { lazyRequestLogger, loggerOptions } from './logger.js';

describe('loggerOptions', () => {
  const dev = { env: 'development' as const, logLevel: 'info' as const };

  it('prints readable lines in development at a terminal', () => {
    expect(loggerOptions(dev, true, () => true)).toMatchObject({
      level: 'info',
      transport: { target: 'pino-pretty' },
    });
  });

  it('writes JSON in production, into a pipe, or without pino-pretty installed', () => {
    for (const options of [
      loggerOptions({ ...dev, env: 'production' }, true, () => true),
      loggerOptions(dev, false, () => true),
      loggerOptions(dev, true, () => false),
    ]) {
      expect(options).toMatchObject({ level: 'info' });
      expect(options).not.toHaveProperty('transport');
    }
  });

  it('logs requests with their addresses redacted and errors without a query’s values, however it writes (log-redaction*.test.ts)', () => {
    for (const terminal of [true, false]) {
      const options = loggerOptions(dev, terminal, () => true);
      expect(options).toHaveProperty('serializers.req');
      expect(options).toHaveProperty('serializers.err');
      expect(options).toHaveProperty('hooks.logMethod');
    }
  });

  it('finds pino-pretty among the installed packages', () => {
    expect(loggerOptions(dev, true)).toHaveProperty('transport');
  });
});

describe('lazyRequestLogger', () => {
  /** A pino logger writing its lines into `lines`, counting the children made. */
  function recordingLogger(level: string) {
    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { level },
      { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    const made = { children: 0 };
    const child = logger.child.bind(logger);
    logger.child = ((...args: Parameters<typeof child>) => {
      made.children++;
      return child(...args);
    }) as typeof logger.child;
    return { logger, lines, made };
  }

  /** What Fastify makes for the request `reqId`, over a recording logger at level error. */
  function requestLogger(reqId: string) {
    const recording = recordingLogger('error');
    const log = lazyRequestLogger.call(
      undefined as never,
      recording.logger,
      { reqId },
      {},
      {} as never,
    );
    return { ...recording, log };
  }

  it('makes no child for a request that logs nothing at an enabled level', () => {
    const { log, lines, made } = requestLogger('req-1');
    log.info('incoming request');
    log.debug('detail');
    expect(made.children).toBe(0);
    expect(lines).toEqual([]);
    expect(log.level).toBe('error');
  });

  it('binds the request id to what it does log, through one child', () => {
    const { log, lines, made } = requestLogger('req-2');
    log.error({ code: 'internal' }, 'failed');
    log.error('again');
    expect(made.children).toBe(1);
    expect(lines).toMatchObject([
      { reqId: 'req-2', code: 'internal', msg: 'failed' },
      { reqId: 'req-2', msg: 'again' },
    ]);
  });

  it('serves Fastify as its request logger: request lines carry their id', async () => {
    const { logger, lines } = recordingLogger('info');
    const app = Fastify({ loggerInstance: logger, childLoggerFactory: lazyRequestLogger });
    app.get('/', async (request) => {
      request.log.warn('inside');
      return { ok: true };
    });
    expect((await app.inject('/')).statusCode).toBe(200);
    await app.close();
    const ids = lines.filter((l) => l.reqId !== undefined).map((l) => l.msg);
    expect(ids).toEqual(['incoming request', 'inside', 'request completed']);
  });
});
