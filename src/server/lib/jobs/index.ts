import type { AppDeps } from '../../app-deps';
import { createJobQueue, type Jobs } from './queue';

/** @public the queue's API for the modules that enqueue work (see ./queue.ts) */
export type { Jobs, JobRow, EnqueueOptions } from './queue';

/** Keyed by the database handle, like the payments ledger: every module of an app shares one queue. */
const instances = new WeakMap<object, Jobs>();

/** The app's one job queue: its handlers are defined by the modules, its polling started by main.ts. */
export function jobsOf(deps: Pick<AppDeps, 'db' | 'dialect' | 'clock' | 'logger' | 'env'>): Jobs {
  let jobs = instances.get(deps.db);
  if (!jobs) {
    jobs = createJobQueue({
      db: deps.db,
      dialect: deps.dialect,
      clock: deps.clock,
      logger: deps.logger,
      leaseMs: deps.env.JOB_LEASE_SECONDS * 1000,
    });
    instances.set(deps.db, jobs);
  }
  return jobs;
}
