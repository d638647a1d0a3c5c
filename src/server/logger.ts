import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
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

/**
 * Readable lines for a person at a terminal in development; JSON, one object
 * per line, everywhere else (production, CI, a log collector reading a pipe).
 */
export function loggerOptions(
  config: Pick<Config, 'env' | 'logLevel'>,
  terminal = Boolean(process.stdout.isTTY),
  pretty = prettyAvailable,
): FastifyServerOptions['logger'] {
  if (config.env === 'development' && terminal && pretty()) {
    return {
      level: config.logLevel,
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
      },
    };
  }
  return { level: config.logLevel };
}
