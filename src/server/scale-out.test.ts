import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// the app first: it extends zod with OpenAPI before any schema module (the seed's) is loaded
import { createTestContext, TEST_ORIGIN, type TestContext } from './testing/test-app';
import { openDatabase, withStartupLock, type DatabaseHandle } from './db/connection';
import { seedIfEmpty } from './db/seed';
import { insertMarketplace, insertPerson, login as signIn } from './testing/marketplace-fixtures';
import { channels } from './lib/realtime';
import { CookieJar, SESSION_INFO, insertUser } from './testing/auth-helpers';
import { MAX_FAILURES } from './modules/auth/auth-guards';

/**
 * Scale-out (docs/decisions/021-scale-out-on-postgresql.md): two server processes on one database (each its own app, caches, data folder and, on
 * PostgreSQL, connection pool) behave as one: a load balancer may send any request to either.
 */
const PASSWORD = 'amber-lantern-kettle';

let a: TestContext;
let b: TestContext;
beforeAll(async () => {
  a = await createTestContext({ scaleOut: true });
  b = await a.sibling({ scaleOut: true });
});
afterAll(() => a.close());

function login(ctx: TestContext, email: string, password: string, address = '203.0.113.20') {
  return ctx.app.request(
    `${TEST_ORIGIN}/api/iam/login/email`,
    {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, sessionInfo: SESSION_INFO }),
    },
    { incoming: { socket: { remoteAddress: address, remotePort: 40000, remoteFamily: 'IPv4' } } },
  );
}

describe('two processes on one database', () => {
  it('take a session made on one on the other (the same signing keys, by key id)', async () => {
    await insertUser(a, 'both@souk.test', PASSWORD);
    const response = await login(a, 'both@souk.test', PASSWORD);
    expect(response.status).toBe(200);
    const jar = new CookieJar().take(response);
    const onB = await b.request('/api/iam/auth/check-session', { headers: { cookie: jar.header() } });
    expect(onB.status).toBe(200);
    expect((await onB.json()).user).toMatchObject({ firstName: 'Amina' });
    // and a refresh on B gives tokens that A takes
    const refreshed = await b.request('/api/iam/auth/refresh', { method: 'POST', headers: { cookie: jar.header() } });
    expect(refreshed.status).toBe(200);
    jar.take(refreshed);
    expect((await a.request('/api/iam/auth/check-session', { headers: { cookie: jar.header() } })).status).toBe(200);
  });

  it(`refuse the ${MAX_FAILURES + 1}th login failure wherever the attempts land`, async () => {
    await insertUser(a, 'limit@souk.test', PASSWORD);
    const statuses: number[] = [];
    for (let i = 0; i <= MAX_FAILURES; i++) statuses.push((await login(i % 2 ? b : a, 'limit@souk.test', `wrong-${i}`)).status);
    expect(statuses).toEqual([...Array(MAX_FAILURES).fill(401), 429]);
    // the right password is refused too, on either, until the window ends
    expect((await login(a, 'limit@souk.test', PASSWORD)).status).toBe(429);
    expect((await login(b, 'limit@souk.test', PASSWORD)).status).toBe(429);
  });

  it(`let only ${MAX_FAILURES} of 40 parallel guesses spread over both through`, async () => {
    await insertUser(a, 'burst2@souk.test', PASSWORD);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(i % 2 ? b : a, 'burst2@souk.test', `wrong-password-${i}`, '203.0.113.21')),
    );
    const statuses = responses.map((response) => response.status);
    // Never more than the limit. Possibly fewer: each guess is also counted for the account from any
    // address (at most 20), and 40 at once on two processes may reach the two counts in different
    // orders, so a guess among the email and address's first five can meet an account count past 20.
    const through = statuses.filter((status) => status === 401).length;
    expect(through).toBeGreaterThan(0);
    expect(through).toBeLessThanOrEqual(MAX_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - through);
  });
});

const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;

describe.skipIf(!postgresUrl)('several processes starting at once on one empty PostgreSQL', () => {
  it('migrate it once and seed the demo once (the startup advisory lock)', { timeout: 120_000 }, async () => {
    const name = `t_start_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(postgresUrl!);
    url.pathname = `/${name}`;
    const dirs = Array.from({ length: 4 }, () => fs.mkdtempSync(path.join(os.tmpdir(), 'souk-start-')));
    const handles: DatabaseHandle[] = [];
    try {
      // what main.ts does on start: open (migrating under the lock), then seed under the lock
      const opened = await Promise.allSettled(dirs.map((dataDir) => openDatabase({ databaseUrl: url.toString(), dataDir })));
      for (const result of opened) if (result.status === 'fulfilled') handles.push(result.value);
      expect(opened.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
      const seeded = await Promise.all(
        handles.map((handle, i) => withStartupLock(handle, () => seedIfEmpty(handle.db, { dataDir: dirs[i]!, now: new Date() }))),
      );
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const db = handles[0]!.db;
      const migrations = await db
        .selectFrom('kysely_migration' as never)
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      const distinct = await db
        .selectFrom('kysely_migration' as never)
        .select(sql<number>`count(distinct name)`.as('n'))
        .executeTakeFirstOrThrow();
      expect(migrations.n).toBe(distinct.n);
      const firms = await db
        .selectFrom('firms')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      const slugs = await db
        .selectFrom('firms')
        .select(sql<number>`count(distinct username)`.as('n'))
        .executeTakeFirstOrThrow();
      expect(firms.n).toBeGreaterThan(0);
      expect(firms.n).toBe(slugs.n);
    } finally {
      for (const handle of handles) await handle.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('health', () => {
  it('names the process that answered', async () => {
    const [fromA, fromB] = await Promise.all([a.request('/api/health'), b.request('/api/health')]);
    const [bodyA, bodyB] = [await fromA.json(), await fromB.json()];
    expect(bodyA.instance).toBe(a.deps.instanceId);
    expect(bodyB.instance).toBe(b.deps.instanceId);
    expect(bodyA.instance).not.toBe(bodyB.instance);
  });
});

describe.skipIf(!postgresUrl)('the bus between processes (PostgreSQL LISTEN/NOTIFY)', () => {
  /** Asks `read` every 20 ms until `done`; answers how long it took (ms), or fails after 1 s. */
  async function within1s(read: () => Promise<boolean>): Promise<number> {
    const started = performance.now();
    while (performance.now() - started < 1000) {
      if (await read()) return Math.round(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('not seen within 1 s');
  }

  it('a write on one empties the public read cache of the other within a second', async () => {
    await insertMarketplace(a.deps.db);
    await insertPerson(a.deps.db, 'alice');
    const cookie = await signIn(a, 'alice@example.com');
    const followers = async (ctx: TestContext) => (await (await ctx.request('/api/public/firms/u/cafelumiere')).json()).followers;
    expect(await followers(b)).toBe(0); // now in B's cache (5 s)
    expect(await followers(b)).toBe(0);
    const follow = await a.request('/api/user/follows/f1', { method: 'PUT', headers: { cookie } });
    expect(follow.status).toBe(200);
    const ms = await within1s(async () => (await followers(b)) === 1);
    console.log(`[postgres] a follow through A seen through B after ${ms} ms`);
    expect(ms).toBeLessThan(1000);
  });

  it('an event published on one reaches the streams open on the other', async () => {
    const received: unknown[] = [];
    const stop = b.deps.realtime.subscribe([channels.user('alice')], (event) => received.push(event));
    await a.deps.realtime.publish(channels.user('alice'), { type: 'notifications', data: { unread: 3 } });
    await within1s(async () => received.length > 0);
    expect(received).toEqual([{ type: 'notifications', data: { unread: 3 } }]);
    stop();
  });
});
