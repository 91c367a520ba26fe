import pino from 'pino';

export type Logger = pino.Logger;

/**
 * One JSON line per request. Lines are written to stdout asynchronously: while one write is in
 * flight the next lines queue up and go out together, so under load a system call carries many
 * lines instead of one per request (a large share of a small read at thousands of requests per
 * second), and at rest every line still goes out at once. Queued lines are flushed when the
 * process exits; LOG_SYNC=true restores one synchronous write per line.
 */
export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info', sync = process.env.LOG_SYNC === 'true'): Logger {
  const destination = pino.destination({ dest: 1, sync });
  const logger = pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, destination);
  if (!sync) {
    process.once('exit', () => {
      try {
        destination.flushSync();
      } catch {
        // nothing left to flush, or stdout is gone
      }
    });
  }
  return logger;
}
