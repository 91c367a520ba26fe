import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { createLogger } from '../logger';
import { createJobQueue } from './queue';

/**
 * The durable job queue on the test database (SQLite, or PostgreSQL with DATABASE_URL): a job
 * survives its process (a second queue on the same database runs it), is retried with its back-off,
 * runs once however many queues poll at once, and is given up after its attempts.
 */
let ctx: TestContext;
let time = new Date('2026-06-01T10:00:00Z');
const clock = () => time;
const queue = (leaseMs = 60_000) =>
  createJobQueue({ db: ctx.deps.db, dialect: ctx.deps.dialect, clock, logger: createLogger('silent'), leaseMs });
const advance = (ms: number) => (time = new Date(time.getTime() + ms));
const row = (id: string) => ctx.deps.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('durable jobs', () => {
  it('a job enqueued by a process that is gone is run by another, and deleted once done', async () => {
    const id = await queue().enqueue('test.survive', { n: 1 });
    const seen: unknown[] = [];
    const other = queue();
    other.define('test.survive', async (payload) => void seen.push(payload));
    expect(await other.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await row(id!)).toBeUndefined();
  });

  it('a job left by a process that died while running it is taken again once its lease is over', async () => {
    const dying = queue(30_000);
    const id = await dying.enqueue('test.lease', {});
    // claimed, then the process dies: the handler never returns
    dying.define('test.lease', () => new Promise<void>(() => {}));
    void dying.runNow(id!);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const heir = queue();
    let ran = 0;
    heir.define('test.lease', async () => void (ran += 1));
    expect(await heir.runDue()).toBe(0);
    advance(30_001);
    expect(await heir.runDue()).toBe(1);
    expect(ran).toBe(1);
  });

  it('retries with its back-off, then gives up and keeps the row', async () => {
    const jobs = queue();
    let tries = 0;
    jobs.define(
      'test.flaky',
      async () => {
        tries += 1;
        throw new Error('refused');
      },
      { retryDelaysMs: [1_000, 5_000] },
    );
    const id = (await jobs.enqueue('test.flaky', {}))!;
    await jobs.runDue();
    expect(await row(id)).toMatchObject({ attempts: 1, last_error: 'refused', locked_until: null, failed_at: null });
    // not due again before its delay
    advance(999);
    expect(await jobs.runDue()).toBe(0);
    advance(1);
    await jobs.runDue();
    advance(5_000);
    await jobs.runDue();
    expect(tries).toBe(3);
    expect((await row(id))?.failed_at).toBe(time.toISOString());
    advance(3_600_000);
    expect(await jobs.runDue()).toBe(0);
  });

  it('runs each job once however many processes poll together', async () => {
    const runs: string[] = [];
    const queues = [queue(), queue(), queue(), queue()];
    for (const jobs of queues) jobs.define('test.once', async (payload: { n: number }) => void runs.push(String(payload.n)));
    for (let n = 0; n < 40; n++) await queues[0].enqueue('test.once', { n });
    await Promise.all(queues.flatMap((jobs) => [jobs.runDue(10), jobs.runDue(10), jobs.runDue(10)]));
    await Promise.all(queues.map((jobs) => jobs.runDue(40)));
    expect(runs).toHaveLength(40);
    expect(new Set(runs).size).toBe(40);
  });

  it('a key enqueues one job while it exists, and an enqueue in a rolled-back transaction leaves none', async () => {
    const jobs = queue();
    expect(await jobs.enqueue('test.keyed', {}, { key: 'k1' })).toBeTypeOf('string');
    expect(await jobs.enqueue('test.keyed', {}, { key: 'k1' })).toBeNull();
    await expect(
      ctx.deps.db.transaction().execute(async (trx) => {
        await jobs.enqueue('test.rolled-back', {}, { db: trx });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await ctx.deps.db.selectFrom('jobs').select('id').where('kind', '=', 'test.rolled-back').execute()).toEqual([]);
  });
});
