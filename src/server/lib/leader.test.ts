import crypto from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { createPostgresLeadership, soleLeadership, type Leadership } from './leader';

const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
const logger = createLogger('silent');

describe('background jobs on one process', () => {
  it('the embedded process always leads', async () => {
    expect(await soleLeadership.isLeader('hold-sweeper')).toBe(true);
    expect(await soleLeadership.isLeader('account-purger')).toBe(true);
  });
});

describe.skipIf(!postgresUrl)('background jobs on one process of several (PostgreSQL advisory lock)', () => {
  const open: Leadership[] = [];
  const processes = (n: number) => {
    const made = Array.from({ length: n }, () => createPostgresLeadership({ connectionString: postgresUrl!, logger }));
    open.push(...made);
    return made;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((leadership) => leadership.close()));
  });
  // a name of this test's own: advisory locks are per database, and others run tests on it too
  const jobName = () => `test-job-${crypto.randomBytes(6).toString('hex')}`;
  const leadersOf = async (all: Leadership[], job: string) => {
    const answers = await Promise.all(all.map((leadership) => leadership.isLeader(job)));
    return answers.flatMap((leads, i) => (leads ? [i] : []));
  };

  it('one process of three leads a job, tick after tick; each job has its own leader', async () => {
    const all = processes(3);
    const job = jobName();
    const first = await leadersOf(all, job);
    expect(first).toHaveLength(1);
    for (let tick = 0; tick < 5; tick++) expect(await leadersOf(all, job)).toEqual(first);
    // another job is led independently: whoever asks first while it is free
    const other = jobName();
    const follower = (first[0]! + 1) % 3;
    expect(await all[follower]!.isLeader(other)).toBe(true);
    expect(await leadersOf(all, other)).toEqual([follower]);
  });

  it('when the leader stops, another process takes the job on its next tick', async () => {
    const all = processes(3);
    const job = jobName();
    const [leader] = await leadersOf(all, job);
    await all[leader!]!.close();
    const rest = all.filter((_, i) => i !== leader);
    expect(await leadersOf(rest, job)).toHaveLength(1);
    expect(await all[leader!]!.isLeader(job)).toBe(false);
  });

  it('when the leader dies (its connection killed), the lock goes with it and another takes over', async () => {
    const all = processes(2);
    const job = jobName();
    expect(await all[0]!.isLeader(job)).toBe(true);
    expect(await all[1]!.isLeader(job)).toBe(false);
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      const killed = await admin.query(
        `select pg_terminate_backend(pid) as ok from pg_locks
          where locktype = 'advisory' and granted and classid = 17017 and objsubid = 2
            and objid = ((hashtext($1)::bigint + 4294967296) % 4294967296)::text::oid`,
        [job],
      );
      expect(killed.rows).toEqual([{ ok: true }]);
    } finally {
      await admin.end();
    }
    // the server releases the lock as the backend ends: the other process gets it within moments
    const until = Date.now() + 10_000;
    while (!(await all[1]!.isLeader(job))) {
      expect(Date.now() < until, 'the lock was not released within 10 s').toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // the old leader, reconnected, is not the leader any more
    expect(await all[0]!.isLeader(job)).toBe(false);
  });
});
