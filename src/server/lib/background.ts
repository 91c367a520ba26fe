import type { Logger } from './logger';

/**
 * Work done after the answer has gone: e.g. the mail of a password reset, so that the answer takes
 * the same time whether or not the address has an account (no enumeration by timing). A failure
 * is logged, never thrown at nobody. `settled()` waits for what is running (tests, shutdown).
 */
export interface BackgroundWork {
  run(what: string, task: () => Promise<unknown>): void;
  settled(): Promise<void>;
}

export function createBackgroundWork(logger: Logger): BackgroundWork {
  const pending = new Set<Promise<unknown>>();
  return {
    run(what, task) {
      const running = Promise.resolve()
        .then(task)
        .catch((error: unknown) => logger.error({ err: error, what }, 'background work failed'))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async settled() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
