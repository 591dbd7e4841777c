import type { LoggerOptions } from 'pino';

interface LogSettings {
  NODE_ENV: 'development' | 'production' | 'test';
  LOG_LEVEL: string;
  LOG_PRETTY?: '0' | '1';
}

/**
 * pino's options for the server (decision 020): one JSON object per line in production (for a log
 * collector), readable coloured lines through pino-pretty otherwise when someone reads them, that
 * is when stdout is a terminal or LOG_PRETTY=1 (LOG_PRETTY=0 keeps JSON). pino-pretty runs in
 * pino's worker thread, so formatting never holds up a request.
 */
export function loggerOptions(settings: LogSettings, stdoutIsTerminal: boolean): LoggerOptions {
  const base: LoggerOptions = { level: settings.LOG_LEVEL };
  const pretty =
    settings.NODE_ENV !== 'production' && (settings.LOG_PRETTY === '1' || (settings.LOG_PRETTY === undefined && stdoutIsTerminal));
  if (!pretty) return base;
  return {
    ...base,
    transport: {
      target: 'pino-pretty',
      options: { colorize: stdoutIsTerminal, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: false },
    },
  };
}
