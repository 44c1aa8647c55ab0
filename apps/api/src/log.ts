/** LOG_LEVEL: the least severe level written, from the most to the least detailed; `silent` writes nothing. */
export const LOG_LEVELS = ['info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Only what identifies and measures the event: never a body, token, password, code or query parameter. */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/**
 * One JSON object per line (time, level, message, then the fields), for a log collector to index:
 * info to stdout, warnings and errors to stderr.
 */
export function createLogger(level: LogLevel): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  const write = (lineLevel: Exclude<LogLevel, 'silent'>, message: string, fields: LogFields = {}) => {
    if (LOG_LEVELS.indexOf(lineLevel) < threshold) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: lineLevel, message, ...fields });
    if (lineLevel === 'info') console.log(line);
    else console.error(line);
  };
  return {
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}

/** What a caught value says, for a log line's `error` field (a thrown value need not be an Error). */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
