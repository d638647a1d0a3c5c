import { createRequire } from 'node:module';
import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';
import type { Config } from './config.js';

/** Whether pino-pretty is installed (a development dependency: absent on a lean production install). */
function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

const REDACTED = '[redacted]';
/** Pages whose whole query string is a key: a reset link, the sandbox's checkout, a signed download. */
const SECRET_QUERY = /^\/+(?:reset-password\/*$|pay(?:\/|$)|api\/documents\/[^/]+\/file\/*$)/i;
/** A personal calendar feed: the token in its address is its only key (docs/calendar.md). */
const FEED_TOKEN = /^(\/+api\/calendar\/feed\/)(?!rotate\/*$)([^/]+?)(\.ics)?(\/*)$/i;
/** Such parameters are keys wherever they appear. */
const SECRET_PARAM = /([?&](?:token|sig|signature)=)[^&]*/gi;

/** A request's address as it may be logged: the keys some addresses carry are replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  if (path.includes('/feed/')) path = path.replace(FEED_TOKEN, `$1${REDACTED}$3$4`);
  if (q === -1) return path;
  if (SECRET_QUERY.test(path)) return `${path}?${REDACTED}`;
  return path + url.slice(q).replace(SECRET_PARAM, `$1${REDACTED}`);
}

/** Fastify's `req` serializer, with the address redacted (no keys in logs). */
function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Readable lines for a person at a terminal in development; JSON, one object
 * per line, everywhere else (production, CI, a log collector reading a pipe).
 * Request lines never carry a key from the address (`redactUrl`).
 */
export function loggerOptions(
  config: Pick<Config, 'env' | 'logLevel'>,
  terminal = Boolean(process.stdout.isTTY),
  pretty = prettyAvailable,
): FastifyServerOptions['logger'] {
  const serializers = { req: requestSerializer };
  if (config.env === 'development' && terminal && pretty()) {
    return {
      level: config.logLevel,
      serializers,
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
      },
    };
  }
  return { level: config.logLevel, serializers };
}

/**
 * A request's logger that becomes a pino child (with the request id bound)
 * only when something is logged at an enabled level. Most requests log
 * nothing at the production level, and a child costs a serialisation of its
 * bindings on every request of the public calendar. Methods live on the
 * prototype: nothing but this object is made per request.
 */
class LazyRequestLogger {
  #child: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  #real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  #log(level: Level, args: unknown[]) {
    // Pino's own check; a parent without one (a test's) is taken as logging everything.
    const enabled = (this.parent as Partial<Logger>).isLevelEnabled?.(level) ?? true;
    if (this.#child || enabled) (this.#real()[level] as (...a: unknown[]) => void)(...args);
  }

  get level() {
    return (this.#child ?? this.parent).level;
  }
  set level(level: string) {
    this.#real().level = level;
  }
  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.#real().child(bindings, options);
  }
  fatal(...args: unknown[]) {
    this.#log('fatal', args);
  }
  error(...args: unknown[]) {
    this.#log('error', args);
  }
  warn(...args: unknown[]) {
    this.#log('warn', args);
  }
  info(...args: unknown[]) {
    this.#log('info', args);
  }
  debug(...args: unknown[]) {
    this.#log('debug', args);
  }
  trace(...args: unknown[]) {
    this.#log('trace', args);
  }
  silent() {}
}

/** Fastify's `childLoggerFactory`: each request's logger is a {@link LazyRequestLogger}. */
export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
