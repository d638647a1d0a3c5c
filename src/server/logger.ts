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
/**
 * An attendee's link, the page (`/stay/{token}`) and its API (`/api/attendee/{token}`): the
 * token is its only key (docs/stays.md). Wherever such a segment is, in any case: a near
 * miss (`/STAY/{token}`, `//api/attendee/{token}/x`) answers 404 and is logged too.
 */
const ATTENDEE_TOKEN = /(\/(?:stay|attendee)\/+)[^/]+/gi;
/** Such parameters are keys wherever they appear. */
const SECRET_PARAM = /([?&](?:token|sig|signature)=)[^&]*/gi;

/** A request's address as it may be logged: the keys some addresses carry are replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  if (path.includes('/feed/')) path = path.replace(FEED_TOKEN, `$1${REDACTED}$3$4`);
  path = path.replace(ATTENDEE_TOKEN, `$1${REDACTED}`);
  if (q === -1) return path;
  if (SECRET_QUERY.test(path)) return `${path}?${REDACTED}`;
  return path + url.slice(q).replace(SECRET_PARAM, `$1${REDACTED}`);
}

/**
 * Where an error keeps a query's values: Drizzle's and PGlite's `params` (PGlite's
 * `queryOptions` too), and PostgreSQL's `detail` ("Key (token)=(…)", "Failing row contains
 * (…)"), `hint`, `where` and `internalQuery`. None of them is logged.
 */
const VALUE_KEYS = new Set(['params', 'queryOptions', 'detail', 'hint', 'where', 'internalQuery']);
/** Drizzle's message for a failed query ends with its values: "Failed query: …\nparams: …". */
const PARAMS_PART = /\r?\nparams:[\s\S]*$/;
/** A value PostgreSQL quotes in its message (`invalid input syntax for type integer: "…"`). */
const QUOTED_VALUE = /((?::|\bvalue) ")(?:[^"]|"")*"/g;

type ErrorLike = Error & Record<string, unknown>;
const isErrorLike = (v: unknown): v is ErrorLike =>
  v instanceof Error ||
  (typeof v === 'object' &&
    v !== null &&
    typeof (v as { message?: unknown }).message === 'string' &&
    typeof (v as { stack?: unknown }).stack === 'string');
/** A driver's error: it has a SQLSTATE. */
const isSqlError = (e: ErrorLike) => typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code);

/** An error's message as it may be logged: no query's values (see {@link serializeError}). */
export function safeErrorMessage(err: unknown): string {
  if (!isErrorLike(err)) return typeof err === 'string' ? err.replace(PARAMS_PART, '') : '';
  const message = err.message.replace(PARAMS_PART, '');
  return isSqlError(err) ? message.replace(QUOTED_VALUE, `$1${REDACTED}"`) : message;
}

/**
 * The `err` serializer of every log line (pino's, with the values of a failed query left
 * out): a Drizzle error keeps its SQL (`query`) but not its `params`, nor the part of its
 * message and stack that lists them; a driver's error (its `cause`) keeps its SQLSTATE,
 * constraint, table and column but not the values it quotes. A string (an error's message
 * logged as `err`) loses its params part.
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (typeof err === 'string') return safeErrorMessage(err);
  if (!isErrorLike(err) || depth > 4) return isErrorLike(err) ? safeErrorMessage(err) : err;
  const message = safeErrorMessage(err);
  const type =
    typeof err.constructor === 'function' && err.constructor.name ? err.constructor.name : err.name;
  const out: Record<string, unknown> = { type, message };
  if (typeof err.stack === 'string') {
    // The stack starts with the name and the whole message; the frames follow.
    const head = `${err.name}: ${err.message}`;
    const frames = err.stack.startsWith(head)
      ? err.stack.slice(head.length)
      : err.stack.replace(/^[\s\S]*?(?=\n\s+at )|^[\s\S]*$/, '');
    out.stack = `${err.name}: ${message}${frames}`;
  }
  for (const key of Object.keys(err)) {
    if (key in out || key === 'cause' || key === 'errors' || VALUE_KEYS.has(key)) continue;
    const value = err[key];
    out[key] = isErrorLike(value) ? serializeError(value, depth + 1) : value;
  }
  if (err.cause !== undefined) out.cause = serializeError(err.cause, depth + 1);
  if (Array.isArray(err.errors))
    out.aggregateErrors = (err.errors as unknown[]).map((e) => serializeError(e, depth + 1));
  return out;
}

/**
 * Pino takes an error's message as the line's when none is given (`log.warn({err})`,
 * `log.error(err)`): the message as {@link safeErrorMessage} gives it instead.
 */
function logMethod(this: Logger, args: unknown[], method: (...a: unknown[]) => void) {
  const [first, second] = args;
  if (typeof second !== 'string' && typeof first === 'object' && first !== null) {
    const err = isErrorLike(first) ? first : (first as { err?: unknown }).err;
    if (isErrorLike(err) && (first as { msg?: unknown }).msg === undefined)
      return method.apply(this, [first, safeErrorMessage(err), ...args.slice(1)]);
  }
  return method.apply(this, args);
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
 * Request lines never carry a key from the address (`redactUrl`), nor an error
 * the values of a failed query (`serializeError`).
 */
export function loggerOptions(
  config: Pick<Config, 'env' | 'logLevel'>,
  terminal = Boolean(process.stdout.isTTY),
  pretty = prettyAvailable,
): FastifyServerOptions['logger'] {
  const serializers = {
    req: requestSerializer,
    // Pino hands it whatever is logged as `err`: an error, or a string.
    err: (err: unknown) => serializeError(err) as { type: string; message: string; stack: string },
  };
  const hooks = { logMethod };
  if (config.env === 'development' && terminal && pretty()) {
    return {
      level: config.logLevel,
      serializers,
      hooks,
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
      },
    };
  }
  return { level: config.logLevel, serializers, hooks };
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
