import pg from 'pg';
import type { Logger } from './logger';

/**
 * Background jobs that one process of a deployment should run, not every one (the order hold
 * sweeper, the account purger): each tick asks `isLeader(job)` and skips the work when it answers
 * false. On PostgreSQL the leader of a job is the process holding a session advisory lock on a
 * connection of its own (`pg_try_advisory_lock` on the job's name); the others try again on their
 * next tick, so when the leader stops or dies (its connection goes, and the lock with it) another
 * takes over within one period. The embedded SQLite process is the only one: always the leader.
 */
export interface Leadership {
  isLeader(job: string): Promise<boolean>;
  close(): Promise<void>;
}

/** The one embedded process. */
export const soleLeadership: Leadership = {
  isLeader: async () => true,
  close: async () => {},
};

/** The advisory locks' first key: the jobs' lock space (the second key is a hash of the job's name). */
const LEADER_LOCK_SPACE = 17_017;

export function createPostgresLeadership(options: { connectionString: string; logger: Logger }): Leadership {
  const { connectionString, logger } = options;
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  const held = new Set<string>();
  let closed = false;

  const connection = () => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const fresh = new pg.Client({ connectionString });
      const lost = () => {
        // the locks went with the connection: lead nothing until a tick takes them again
        if (client === fresh) client = undefined;
        held.clear();
      };
      fresh.on('error', (error) => {
        logger.warn({ err: error }, 'leader lock connection lost');
        lost();
      });
      fresh.on('end', lost);
      try {
        await fresh.connect();
        client = fresh;
        return fresh;
      } finally {
        connecting = undefined;
      }
    })();
    return connecting;
  };

  return {
    async isLeader(job) {
      if (closed) return false;
      if (held.has(job) && client) return true;
      try {
        const c = await connection();
        // pg_try_advisory_lock stacks when called again by its holder: only asked while not held
        const { rows } = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [LEADER_LOCK_SPACE, job]);
        if (rows[0]?.ok && c === client) held.add(job);
        return held.has(job);
      } catch (error) {
        logger.warn({ err: error, job }, 'could not ask for the leader lock');
        return false;
      }
    },
    async close() {
      closed = true;
      held.clear();
      const c = client ?? (await connecting?.catch(() => undefined));
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
