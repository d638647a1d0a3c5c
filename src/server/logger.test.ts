import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger.js';

describe('loggerOptions', () => {
  const dev = { env: 'development' as const, logLevel: 'info' as const };

  it('prints readable lines in development at a terminal', () => {
    expect(loggerOptions(dev, true, () => true)).toMatchObject({
      level: 'info',
      transport: { target: 'pino-pretty' },
    });
  });

  it('writes JSON in production, into a pipe, or without pino-pretty installed', () => {
    expect(loggerOptions({ ...dev, env: 'production' }, true, () => true)).toEqual({
      level: 'info',
    });
    expect(loggerOptions(dev, false, () => true)).toEqual({ level: 'info' });
    expect(loggerOptions(dev, true, () => false)).toEqual({ level: 'info' });
  });

  it('finds pino-pretty among the installed packages', () => {
    expect(loggerOptions(dev, true)).toHaveProperty('transport');
  });
});
