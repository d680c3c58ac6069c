// A small leveled logger writing one line per event. Secrets are never passed to it.
export type LogLevel = 'silent' | 'error' | 'info' | 'debug';

export interface Logger {
  error(message: string, data?: Record<string, unknown>): void;
  info(message: string, data?: Record<string, unknown>): void;
  debug(message: string, data?: Record<string, unknown>): void;
}

const rank: Record<LogLevel, number> = { silent: 0, error: 1, info: 2, debug: 3 };

export function createLogger(level: LogLevel): Logger {
  const write = (
    at: Exclude<LogLevel, 'silent'>,
    message: string,
    data?: Record<string, unknown>,
  ) => {
    if (rank[at] > rank[level]) return;
    const line = `${new Date().toISOString()} ${at.toUpperCase()} ${message}${data ? ' ' + JSON.stringify(data) : ''}`;
    if (at === 'error') console.error(line);
    else console.log(line);
  };
  return {
    error: (message, data) => write('error', message, data),
    info: (message, data) => write('info', message, data),
    debug: (message, data) => write('debug', message, data),
  };
}
