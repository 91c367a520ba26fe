// The data-scale section: the same reads on a marketplace of the demo's size and on one a hundred
// times larger (SEED=large, src/server/db/seed/large.ts), one request at a time (what one person
// waits for, not throughput), p50 and p99 of each, on SQLite and, with BENCH_DATABASE_URL, on
// PostgreSQL. Method: tests/bench/README.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The two sizes: SEED=large at a hundredth is the demo with orders and messages of its size, at 1 a hundred times that. */
const SIZES = [
  { name: 'demo', scale: 0.01 },
  { name: '100x', scale: 1 },
];

const PASSWORD = 'souk-demo-2025';
/** the workspace's page size, for the deep pages of its keyset lists */
const DEEP_PAGE_SIZE = 20;
const DAY = 86_400_000;

/**
 * @param {{dist: string, port: number, databaseUrl?: string, requests: number, seconds: number, log: (line: string) => void}} options
 *   `databaseUrl`: a PostgreSQL server where two databases of its own are made and dropped
 */
export async function measureScale(options) {
  const databases = { sqlite: {} };
  if (options.databaseUrl) databases.postgres = {};
  for (const database of Object.keys(databases))
    for (const size of SIZES) {
      options.log(`scale: ${database}, ${size.name} (SEED=large SEED_SCALE=${size.scale})…`);
      databases[database][size.name] = await measureSize({ ...options, database, size });
    }
  // its own date and load: a subset run (BENCH_ONLY=scale) may be merged into a full run's results
  const load = os.loadavg().map((n) => Math.round(n * 100) / 100);
  return {
    date: new Date().toISOString(),
    load,
    requestsPerRead: options.requests,
    secondsPerRead: options.seconds,
    sizes: SIZES,
    databases,
  };
}

async function measureSize({ dist, port, databaseUrl, requests, seconds, log, database, size }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souk-bench-scale-'));
  const url = database === 'postgres' ? await freshDatabase(databaseUrl, `souk_bench_scale_${size.name}`) : undefined;
  const origin = `http://127.0.0.1:${port}`;
  const serverLog = path.join(dataDir, 'server.log');
  const started = performance.now();
  const server = spawn(process.execPath, [path.join(dist, 'server', 'main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(url ? { DATABASE_URL: url } : {}),
      SEED: 'large',
      SEED_SCALE: String(size.scale),
      PUBLIC_URL: origin,
      COOKIE_SECURE: 'false',
      CLIENT_DIR: path.join(dist, 'client'),
      SSR_DIR: path.join(dist, 'ssr'),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', fs.openSync(serverLog, 'a'), fs.openSync(serverLog, 'a')],
  });
  try {
    await waitForServer(server, origin, serverLog);
    const seeded = readSeedLine(serverLog);
    log(
      `  seeded in ${seeded?.ms ?? '?'} ms (ready after ${Math.round(performance.now() - started)} ms): ${JSON.stringify(seeded?.counts ?? {})}`,
    );
    const reads = await readsOf(origin);
    const results = {};
    for (const read of reads) {
      results[read.name] = await timeRead(origin, read, requests, seconds);
      log(`  ${read.name}: p50 ${results[read.name].p50} ms, p99 ${results[read.name].p99} ms (${results[read.name].n} requests)`);
    }
    return { seedMs: seeded?.ms ?? null, counts: seeded?.counts ?? null, reads: results };
  } finally {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (url) await dropDatabase(databaseUrl, `souk_bench_scale_${size.name}`);
  }
}

/** The reads one person makes, on the largest firm (Dar Nour, its owner signed in) and a visitor's feed. */
async function readsOf(origin) {
  const owner = await signIn(origin, 'layla@souk.test');
  const visitor = await signIn(origin, 'james@souk.test');
  const get = async (url, cookie) => {
    const response = await fetch(origin + url, { headers: cookie ? { cookie } : {} });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.json();
  };
  const firm = await get('/api/public/firms/u/dar-nour');
  const events = await fetch(`${origin}/api/public/events?page=0&size=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  }).then((response) => response.json());
  const post = (await get('/api/public/blog-posts?size=1')).content[0];
  const conversation = (await get(`/api/dashboard/conversations?firmId=${firm.id}`, owner)).content?.[0] ?? null;
  const today = new Date().toISOString().slice(0, 10);
  const twoYearsAgo = new Date(Date.now() - 729 * DAY).toISOString().slice(0, 10);
  const workspace = (name, url) => ({ name, url, cookie: owner });
  /** the page `pages` deep in a keyset list (its last page if it has fewer), reached by following each page's `nextCursor` */
  const deep = async (url, pages) => {
    let cursor = null;
    for (let page = 0; page < pages; page++) {
      const next = (await get(`${url}&size=${DEEP_PAGE_SIZE}${cursor ? `&cursor=${cursor}` : ''}`, owner)).nextCursor;
      if (!next) break;
      cursor = next;
    }
    return `${url}&size=${DEEP_PAGE_SIZE}${cursor ? `&cursor=${cursor}` : ''}`;
  };
  return [
    { name: 'explore events', url: '/api/user/explore/events' },
    { name: 'explore firms', url: '/api/public/firms?size=20' },
    { name: 'firm page (Dar Nour)', url: '/api/public/firms/u/dar-nour' },
    { name: 'event', url: `/api/public/events/sid/${events.content[0].shortId}` },
    { name: 'blog list', url: '/api/public/blog-posts' },
    { name: 'blog post', url: `/api/public/blog-posts/sid/${post.shortId}` },
    { name: 'search "cafe"', url: '/api/public/search?q=cafe' },
    { name: 'feed (signed in)', url: '/api/user/updates', cookie: visitor },
    workspace('orders', `/api/dashboard/orders?firmId=${firm.id}`),
    // where an offset page of 20 once took 415 ms on PostgreSQL: 600 pages deep in Dar Nour's 12,000 orders
    workspace('orders, page 601', await deep(`/api/dashboard/orders?firmId=${firm.id}`, 600)),
    workspace('customers', `/api/dashboard/customers?firmId=${firm.id}`),
    workspace('conversations', `/api/dashboard/conversations?firmId=${firm.id}`),
    workspace('followers', `/api/dashboard/followers?firmId=${firm.id}`),
    workspace('followers, page 501', await deep(`/api/dashboard/followers?firmId=${firm.id}`, 500)),
    ...(conversation ? [workspace('messages', `/api/dashboard/conversations/${conversation.id}/messages`)] : []),
    workspace('reports 30 days', `/api/dashboard/sales-reports?firmId=${firm.id}&period=30d`),
    workspace('reports 2 years', `/api/dashboard/sales-reports?firmId=${firm.id}&period=custom&from=${twoYearsAgo}&to=${today}`),
  ];
}

/**
 * One request at a time, each with a query of its own (`bench=n`) so that no response cache answers
 * it: the database's work every time. Up to `requests` after two warm-ups, or `seconds`, whichever
 * comes first (a read of several seconds is measured fewer times).
 */
async function timeRead(origin, read, requests, seconds) {
  const times = [];
  const deadline = performance.now() + seconds * 1000;
  for (let n = -2; n < requests && (n < 3 || performance.now() < deadline); n++) {
    const url = `${origin}${read.url}${read.url.includes('?') ? '&' : '?'}bench=${n}-${Math.random().toString(36).slice(2)}`;
    const begun = performance.now();
    const response = await fetch(url, { headers: { accept: 'application/json', ...(read.cookie ? { cookie: read.cookie } : {}) } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${read.name}: ${read.url} answered ${response.status}`);
    if (n >= 0) times.push(performance.now() - begun);
  }
  times.sort((a, b) => a - b);
  const at = (q) => Math.round(times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] * 10) / 10;
  return { url: read.url, n: times.length, p50: at(0.5), p99: at(0.99) };
}

/** The cookies of a seeded person signed in with the login API. */
export async function signIn(origin, email) {
  const response = await fetch(`${origin}/api/iam/login/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`bench login of ${email} failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Seeding the large marketplace takes minutes on a loaded machine: up to 20 of them. */
/** Resolves once the spawned server answers its health check (a large seed may take minutes). */
export async function waitForServer(server, origin, serverLog) {
  for (let deadline = Date.now() + 20 * 60_000; Date.now() < deadline;) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}); see ${serverLog}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`the server did not start in 20 minutes; see ${serverLog}`);
}

/** The seed's own figures: its log line `large seed written` with `ms` and `counts`. */
function readSeedLine(serverLog) {
  for (const line of fs.readFileSync(serverLog, 'utf8').split('\n')) {
    if (!line.includes('large seed written')) continue;
    try {
      return JSON.parse(line);
    } catch {
      return null;
    }
  }
  return null;
}

export async function stop(server) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

async function withAdmin(databaseUrl, work) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

export async function freshDatabase(databaseUrl, name) {
  await dropDatabase(databaseUrl, name);
  await withAdmin(databaseUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function dropDatabase(databaseUrl, name) {
  return withAdmin(databaseUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
}

/** The side-by-side table: each read at both sizes, and how much slower it is at 100x. */
export function scaleTable(scale) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  // p99 of 60 requests on a shared machine is mostly its noise: the p50 ratio is the steadier figure
  const header = ['read', 'database', 'demo p50', 'demo p99', '100x p50', '100x p99', '100x / demo p50', '100x / demo p99'];
  const times = (a, b) => {
    const value = Math.round((a / b) * 10) / 10;
    return `${value}×${value > 2 ? ' (over 2×)' : ''}`;
  };
  const rows = [];
  for (const [database, sizes] of Object.entries(scale.databases)) {
    const [small, large] = [sizes.demo, sizes['100x']];
    if (!small || !large) continue;
    for (const [name, read] of Object.entries(large.reads)) {
      const before = small.reads[name];
      rows.push([
        name,
        database,
        before?.p50 ?? '–',
        before?.p99 ?? '–',
        read.p50,
        read.p99,
        before ? times(read.p50, before.p50) : '–',
        before ? times(read.p99, before.p99) : '–',
      ]);
    }
  }
  const seeds = Object.entries(scale.databases)
    .map(([database, sizes]) => `${database}: 100x seeded in ${Math.round((sizes['100x']?.seedMs ?? 0) / 1000)} s`)
    .join(', ');
  return [
    `Data scale (one request at a time, ms; ${scale.requestsPerRead} requests or ${scale.secondsPerRead} s per read; ${seeds})`,
    line(header),
    line(header.map(() => '---')),
    ...rows.map(line),
  ].join('\n');
}
