import type { LoggerOptions } from 'pino';

interface LogSettings {
  LOG_LEVEL: string;
  LOG_PRETTY?: '0' | '1';
}

/**
 * Whether the server writes readable lines rather than JSON (decision 037): when someone reads
 * them, that is when stdout is a terminal, or with LOG_PRETTY=1; LOG_PRETTY=0 keeps JSON on a
 * terminal too. A service manager, a pipe or a file gets one JSON object per line, as a log
 * collector wants, whatever NODE_ENV says.
 */
export const prettyLogs = (settings: LogSettings, stdoutIsTerminal: boolean): boolean =>
  settings.LOG_PRETTY === '1' || (settings.LOG_PRETTY === undefined && stdoutIsTerminal);

/**
 * pino's options for the server (decisions 020, 037): JSON lines, or readable coloured lines
 * through pino-pretty when `prettyLogs` says so. pino-pretty runs in pino's worker thread, so
 * formatting never holds up a request.
 */
export function loggerOptions(settings: LogSettings, stdoutIsTerminal: boolean): LoggerOptions {
  const base: LoggerOptions = { level: settings.LOG_LEVEL };
  if (!prettyLogs(settings, stdoutIsTerminal)) return base;
  return {
    ...base,
    transport: {
      target: 'pino-pretty',
      options: { colorize: stdoutIsTerminal, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: false },
    },
  };
}
