/**
 * No payment lost in a crash: the real server (src/server/main.ts) in a child process takes a burst
 * of sandbox payments (checkout, then the test card on the hosted payment step) and is killed with
 * SIGKILL in the middle of them, five times. After the last restart, every payment the provider
 * took must end paid, or refunded, within the reconciliation interval: none "taken but expired"
 * (the money kept while the order's seats went back on sale), none left pending.
 *
 * Holds are four seconds long, so that orders whose news died with the process do expire during
 * the run and their late payments are honoured or refunded. `PAYMENTS_CRASH_VOLATILE=1` runs the
 * server with its webhooks in memory and no reconciliation (UNSAFE_VOLATILE_PAYMENTS), as before
 * payments were durable: the harness must then report the loss and fail.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection';
import { insertMarketplace, insertPerson, PASSWORD } from '../testing/marketplace-fixtures';
import { insertSmallEvent } from '../testing/order-fixtures';
import { childServerStore, type ChildServerStore } from '../testing/child-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// bundled once (as `npm run build` does): six starts through tsx would take minutes on a busy machine
const bundleDir = path.join(root, 'node_modules', '.cache', `payments-crash-${crypto.randomBytes(4).toString('hex')}`);
const BUYERS = 6;
const ROUNDS = 5;
const RECONCILE_SECONDS = 2;
const volatile = process.env.PAYMENTS_CRASH_VOLATILE === '1';

let store: ChildServerStore;
let dataDir: string;
let databaseUrl: string | undefined;

beforeAll(async () => {
  await build({
    entryPoints: { main: path.join(root, 'src/server/main.ts') },
    outdir: bundleDir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  store = await childServerStore('paycrash', root);
  ({ dataDir, databaseUrl } = store);
  const handle = await openDatabase({ dataDir, databaseUrl });
  await insertMarketplace(handle.db);
  for (let i = 0; i < BUYERS; i++) await insertPerson(handle.db, `payer${i}`);
  await insertSmallEvent(handle.db, 'crashgig', 100_000, '2099-06-30T19:00:00.000Z');
  await handle.close();
}, 60_000);

afterAll(async () => {
  await store.remove();
  fs.rmSync(bundleDir, { recursive: true, force: true });
});

function startServer() {
  return store.start([path.join(bundleDir, 'main.js')], {
    LOG_LEVEL: 'warn',
    ORDER_HOLD_SECONDS: '4',
    PAYMENT_RECONCILE_SECONDS: String(RECONCILE_SECONDS),
    JOB_LEASE_SECONDS: '2',
    SANDBOX_WEBHOOK_SECRET: 'crash-harness-webhook-secret',
    UNSAFE_VOLATILE_PAYMENTS: volatile ? '1' : '0',
  });
}

const died = (error: unknown) =>
  /fetch failed|ECONNRESET|ECONNREFUSED|other side closed|socket/i.test(String((error as Error).cause ?? error));

/** Signs each buyer in once: the access token outlives the restarts (the keys are kept). */
async function signIn(base: string): Promise<string[]> {
  return Promise.all(
    Array.from({ length: BUYERS }, async (_, i) => {
      const login = await fetch(`${base}/api/iam/login/email`, {
        method: 'POST',
        headers: { Origin: base, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: `payer${i}@example.com`, password: PASSWORD }),
      });
      if (login.status !== 200) throw new Error(`login answered ${login.status}`);
      const pair = login.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .find((cookie) => cookie.startsWith('__Host-souk_at='));
      return pair!;
    }),
  );
}

/** Buyers checking out and paying until the server dies; counts the payment steps answered "paid". */
function payUntilDeath(server: { base: string; output: () => string }, cookies: string[], paid: { count: number }): Promise<void>[] {
  const { base } = server;
  return cookies.map(async (cookie, i) => {
    const headers = { Origin: base, Cookie: cookie };
    try {
      for (;;) {
        const checkout = await fetch(`${base}/api/user/orders/tickets`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
          body: JSON.stringify({
            eventId: 'crashgig',
            categoryId: 'crashgig-seat',
            holderIds: [`payer${i}`],
            addons: [],
            expectedTotal: 2000,
            currency: 'EUR',
          }),
        });
        if (checkout.status !== 201)
          throw new Error(`checkout answered ${checkout.status}: ${await checkout.text()}\nthe server said: ${server.output()}`);
        const { redirectUrl } = (await checkout.json()) as { redirectUrl: string };
        const step = await fetch(`${base}${new URL(redirectUrl).pathname}`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ action: 'card', number: '4242424242424242', expiry: '12/40', cvc: '123' }).toString(),
          redirect: 'manual',
        });
        if (step.status !== 303) throw new Error(`the payment step answered ${step.status}`);
        paid.count += 1;
      }
    } catch (error) {
      if (!died(error)) throw error;
    }
  });
}

interface Outcome {
  taken: number;
  paid: number;
  refunded: number;
  takenButExpired: number;
  takenButPending: number;
}

/** Rows of a query on the server's database, read from outside it. */
async function read<Row>(query: string): Promise<Row[]> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query(query);
    await client.end();
    return rows as Row[];
  }
  const { default: SQLite } = await import('better-sqlite3');
  const db = new SQLite(path.join(dataDir, 'souk.db'), { readonly: true });
  const rows = db.prepare(query).all() as Row[];
  db.close();
  return rows;
}

/** What became of every payment the provider took, read from the database. */
async function outcome(): Promise<Outcome> {
  const rows = await read<{ order_status: string; amount_minor: number; refunded_minor: number }>(`
    select o.status as order_status, s.amount_minor, s.refunded_minor
    from sandbox_payments s
    join payments p on p.provider = 'sandbox' and p.provider_payment_id = s.id
    join orders o on o.id = p.subject_id
    where s.status = 'succeeded'`);
  const refunded = rows.filter((row) => row.refunded_minor >= row.amount_minor);
  const kept = rows.filter((row) => row.refunded_minor < row.amount_minor);
  return {
    taken: rows.length,
    paid: kept.filter((row) => row.order_status === 'paid').length,
    refunded: refunded.length,
    takenButExpired: kept.filter((row) => row.order_status === 'expired' || row.order_status === 'cancelled').length,
    takenButPending: kept.filter((row) => row.order_status === 'pending_payment').length,
  };
}

/** For a failure's message: the ledger's rows of the payments taken and not settled, with their refunds and jobs. */
async function unsettled(): Promise<string> {
  const payments = await read<Record<string, unknown>>(`
    select p.id, p.status, p.refunded_minor, p.updated_at, o.status as order_status, o.hold_expires_at, o.updated_at as order_updated_at
    from sandbox_payments s
    join payments p on p.provider = 'sandbox' and p.provider_payment_id = s.id
    join orders o on o.id = p.subject_id
    where s.status = 'succeeded' and s.refunded_minor < s.amount_minor and o.status <> 'paid'`);
  const refunds = await read<Record<string, unknown>>('select * from refunds');
  const jobs = await read<Record<string, unknown>>('select kind, payload, run_at, locked_until, last_error, failed_at from jobs');
  return JSON.stringify({ payments, refunds, jobs }, null, 1);
}

describe('payments through SIGKILL', () => {
  it(`${ROUNDS} kills during a burst of payments: every payment taken ends paid or refunded`, async () => {
    const paid = { count: 0 };
    let cookies: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const server = await startServer();
      if (round === 0) cookies = await signIn(server.base);
      const target = paid.count + 15;
      const buyers = payUntilDeath(server, cookies, paid);
      const deadline = Date.now() + 20_000;
      while (paid.count < target && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      server.child.kill('SIGKILL');
      await new Promise((resolve) => server.child.once('exit', resolve));
      await Promise.all(buyers);
    }
    // the last restart: it settles what the dead ones left within its reconciliation interval
    const last = await startServer();
    // a hold (4 s) ends, its lease (2 s) too, then a reconciliation pass and the refunds it starts: about 12 s
    // on an idle machine; the wait stops as soon as all is settled, so a busy CI machine gets a wide margin
    const settleBy = Date.now() + 60_000;
    let result = await outcome();
    while (Date.now() < settleBy && (result.takenButExpired > 0 || result.takenButPending > 0)) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      result = await outcome();
    }
    last.child.kill('SIGKILL');
    const errors = last
      .output()
      .split('\n')
      .filter((line) => /"level":[456]0/.test(line));
    console.info(
      `payments crash (${volatile ? 'volatile' : 'durable'}): ${paid.count} answered paid over ${ROUNDS} SIGKILLs; ${JSON.stringify(result)}`,
    );
    expect(result.taken).toBeGreaterThanOrEqual(paid.count);
    const settled = result.takenButExpired === 0 && result.takenButPending === 0;
    expect(result, settled ? '' : `${await unsettled()}\nwhat the last server logged as errors:\n${errors.join('\n')}`).toMatchObject({
      takenButExpired: 0,
      takenButPending: 0,
    });
    expect(result.paid + result.refunded).toBe(result.taken);
  }, 300_000);
});
