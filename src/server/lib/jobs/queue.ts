import crypto from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, JobsTable } from '../../db/schema';
import type { Dialect } from '../../db/connection';
import type { Logger } from '../logger';

/**
 * Durable jobs in the app's own database: work that must be done even when the process that
 * wanted it dies first (a webhook delivery, a refund, a mail).
 *
 *   jobs.define('mail.send', async (payload) => { … }, { retryDelaysMs: [10_000, 60_000] });
 *   // in the transaction that makes the work necessary, so that both commit or neither does:
 *   const id = await jobs.enqueue('mail.send', { to, … }, { db: trx, tag: to });
 *   // after the commit, to do it at once rather than at the next poll (optional):
 *   await jobs.runNow(id);
 *
 * At least once: a handler may run again after a crash or a lost lease, so it must be idempotent
 * (an idempotency key at the provider, a conditional UPDATE). A job is claimed for a lease by a
 * conditional UPDATE (on PostgreSQL its candidates are picked `FOR UPDATE SKIP LOCKED`, so that
 * every process polls without two taking the same row; the embedded SQLite process is the only
 * one), deleted when its handler returns, moved on by the kind's back-off when it throws, and
 * kept with `failed_at` once out of attempts. A process that dies holding a job leaves it to be
 * claimed again when its lease ends.
 */
export type JobRow = Selectable<JobsTable>;
type Executor = Kysely<Database> | Transaction<Database>;

export interface JobOptions {
  /** waits after each failed attempt; one attempt more than delays (default: 5 s … 1 h, 8 attempts) */
  retryDelaysMs?: readonly number[];
}

export interface EnqueueOptions {
  /** the transaction that makes the job necessary (default: on its own) */
  db?: Executor;
  delayMs?: number;
  /** at most one job with this key exists: a second enqueue while it does is dropped (null) */
  key?: string;
  /** whose data the payload holds, so that a purge can find it (a mail's recipient) */
  tag?: string;
}

export interface Jobs {
  define<P>(kind: string, run: (payload: P, job: JobRow) => Promise<void>, options?: JobOptions): void;
  /** the job's id, or null when one with the same key exists */
  enqueue(kind: string, payload: unknown, options?: EnqueueOptions): Promise<string | null>;
  /** Runs this job here and now unless another process holds it (after the enqueue has committed). */
  runNow(id: string): Promise<void>;
  /** Claims and runs the jobs that are due, up to `limit`: how many ran. */
  runDue(limit?: number): Promise<number>;
  /** Polls every `intervalMs` until the returned stop is called. */
  start(intervalMs: number): () => void;
  /** Waits for the runs in progress in this process (tests, shutdown). */
  settled(): Promise<void>;
}

const DEFAULT_RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 3_600_000];

export function createJobQueue(options: {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: () => Date;
  logger: Logger;
  leaseMs?: number;
}): Jobs {
  const { db, dialect, clock, logger } = options;
  const leaseMs = options.leaseMs ?? 60_000;
  const worker = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  const kinds = new Map<string, { run: (payload: never, job: JobRow) => Promise<void>; retryDelaysMs: readonly number[] }>();
  const running = new Set<Promise<void>>();
  const at = (offsetMs = 0) => new Date(clock().getTime() + offsetMs).toISOString();

  async function claim(ids: 'due' | string, limit: number): Promise<JobRow[]> {
    const now = at();
    let update = db
      .updateTable('jobs')
      .set((eb) => ({ locked_by: worker, locked_until: at(leaseMs), attempts: eb('attempts', '+', 1) }))
      .where('failed_at', 'is', null)
      .where('run_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]));
    if (ids === 'due') {
      let candidates = db
        .selectFrom('jobs')
        .select('id')
        .where('failed_at', 'is', null)
        .where('run_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
        .orderBy('run_at')
        .limit(limit);
      if (dialect === 'postgres') candidates = candidates.forUpdate().skipLocked();
      update = update.where('id', 'in', candidates);
    } else {
      update = update.where('id', '=', ids);
    }
    return update.returningAll().execute();
  }

  async function execute(job: JobRow): Promise<void> {
    const kind = kinds.get(job.kind);
    try {
      if (!kind) throw new Error(`no handler for jobs of kind ${job.kind}`);
      await kind.run(JSON.parse(job.payload) as never, job);
      await db.deleteFrom('jobs').where('id', '=', job.id).where('locked_by', '=', worker).execute();
    } catch (error) {
      const delays = kind?.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
      const given = job.attempts > delays.length;
      const message = error instanceof Error ? error.message : String(error);
      logger[given ? 'error' : 'warn'](
        { err: error, job: job.id, kind: job.kind, attempts: job.attempts },
        given ? 'job given up' : 'job failed, to retry',
      );
      await db
        .updateTable('jobs')
        .set({
          locked_by: null,
          locked_until: null,
          last_error: message.slice(0, 1000),
          ...(given ? { failed_at: at() } : { run_at: at(delays[job.attempts - 1]) }),
        })
        .where('id', '=', job.id)
        .where('locked_by', '=', worker)
        .execute();
    }
  }

  function track(work: Promise<void>) {
    const tracked = work
      .catch((error: unknown) => logger.error({ err: error }, 'jobs: could not run'))
      .finally(() => running.delete(tracked));
    running.add(tracked);
    return tracked;
  }

  const jobs: Jobs = {
    define(kind, run, jobOptions = {}) {
      kinds.set(kind, {
        run: run as (payload: never, job: JobRow) => Promise<void>,
        retryDelaysMs: jobOptions.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
      });
    },

    async enqueue(kind, payload, enqueueOptions = {}) {
      const id = crypto.randomUUID();
      const inserted = await (enqueueOptions.db ?? db)
        .insertInto('jobs')
        .values({
          id,
          kind,
          payload: JSON.stringify(payload),
          key: enqueueOptions.key ?? null,
          tag: enqueueOptions.tag ?? null,
          run_at: at(enqueueOptions.delayMs ?? 0),
          locked_by: null,
          locked_until: null,
          last_error: null,
          failed_at: null,
          created_at: at(),
        })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? id : null;
    },

    runNow(id) {
      return track(
        (async () => {
          const [job] = await claim(id, 1);
          if (job) await execute(job);
        })(),
      );
    },

    async runDue(limit = 20) {
      const due = await claim('due', limit);
      await Promise.all(due.map((job) => track(execute(job))));
      return due.length;
    },

    start(intervalMs) {
      let busy = false;
      const timer = setInterval(() => {
        if (busy) return;
        busy = true;
        jobs
          .runDue()
          .catch((error: unknown) => logger.error({ err: error }, 'jobs: polling failed'))
          .finally(() => (busy = false));
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },

    async settled() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
  return jobs;
}
