import pino, { type Logger } from 'pino';
import { env } from './env';

let logger: Logger | undefined;

/**
 * The server's one logger: a JSON line per event on stdout (CloudWatch on Lambda, the journal or a
 * file locally), at LOG_LEVEL. Request lines carry method, path (never the query string), status,
 * duration and request id; no header is logged, so tokens never reach the logs.
 */
export function log(): Logger {
  const level = env().LOG_LEVEL;
  // Tests change the configuration between requests (resetEnv); a string comparison per call.
  if (logger && logger.level !== level) logger.level = level;
  logger ??= pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
  return logger;
}
