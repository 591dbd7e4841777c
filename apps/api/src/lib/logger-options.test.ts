import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger-options';

const transportOf = (o: ReturnType<typeof loggerOptions>) =>
  o.transport as { target?: string; options?: { colorize?: boolean } } | undefined;
const pretty = (o: ReturnType<typeof loggerOptions>) => transportOf(o)?.target === 'pino-pretty';

describe('loggerOptions', () => {
  it('logs JSON lines when stdout is not a terminal (a service manager, a pipe), unless LOG_PRETTY=1', () => {
    for (const LOG_PRETTY of [undefined, '0'] as const) {
      const o = loggerOptions({ LOG_LEVEL: 'info', LOG_PRETTY }, false);
      expect(pretty(o), `${LOG_PRETTY}`).toBe(false);
      expect(o).toEqual({ level: 'info' });
    }
  });

  it('logs readable lines on a terminal (npm start included), or with LOG_PRETTY=1; LOG_PRETTY=0 keeps JSON', () => {
    expect(pretty(loggerOptions({ LOG_LEVEL: 'info' }, true))).toBe(true);
    expect(pretty(loggerOptions({ LOG_LEVEL: 'debug', LOG_PRETTY: '1' }, false))).toBe(true);
    expect(pretty(loggerOptions({ LOG_LEVEL: 'info', LOG_PRETTY: '0' }, true))).toBe(false);
    const o = loggerOptions({ LOG_LEVEL: 'debug' }, true);
    expect(o.level).toBe('debug');
    // Colours only for a terminal (a file or a pipe gets plain text).
    expect(transportOf(o)?.options?.colorize).toBe(true);
    const piped = loggerOptions({ LOG_LEVEL: 'info', LOG_PRETTY: '1' }, false);
    expect(transportOf(piped)?.options?.colorize).toBe(false);
  });
});
