import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger-options';

const transportOf = (o: ReturnType<typeof loggerOptions>) =>
  o.transport as { target?: string; options?: { colorize?: boolean } } | undefined;
const pretty = (o: ReturnType<typeof loggerOptions>) => transportOf(o)?.target === 'pino-pretty';

describe('loggerOptions', () => {
  it('logs JSON lines in production, terminal or not, whatever LOG_PRETTY says', () => {
    for (const LOG_PRETTY of [undefined, '0', '1'] as const) {
      for (const terminal of [true, false]) {
        const o = loggerOptions({ NODE_ENV: 'production', LOG_LEVEL: 'info', LOG_PRETTY }, terminal);
        expect(pretty(o), `${LOG_PRETTY} ${terminal}`).toBe(false);
        expect(o).toEqual({ level: 'info' });
      }
    }
  });

  it('logs readable lines outside production on a terminal, or with LOG_PRETTY=1; LOG_PRETTY=0 keeps JSON', () => {
    expect(pretty(loggerOptions({ NODE_ENV: 'development', LOG_LEVEL: 'debug' }, true))).toBe(true);
    expect(pretty(loggerOptions({ NODE_ENV: 'development', LOG_LEVEL: 'debug' }, false))).toBe(false);
    expect(pretty(loggerOptions({ NODE_ENV: 'development', LOG_LEVEL: 'debug', LOG_PRETTY: '1' }, false))).toBe(true);
    expect(pretty(loggerOptions({ NODE_ENV: 'test', LOG_LEVEL: 'info', LOG_PRETTY: '0' }, true))).toBe(false);
    const o = loggerOptions({ NODE_ENV: 'development', LOG_LEVEL: 'debug' }, true);
    expect(o.level).toBe('debug');
    // Colours only for a terminal (a file or a pipe gets plain text).
    expect(transportOf(o)?.options?.colorize).toBe(true);
    const piped = loggerOptions({ NODE_ENV: 'development', LOG_LEVEL: 'info', LOG_PRETTY: '1' }, false);
    expect(transportOf(piped)?.options?.colorize).toBe(false);
  });
});
