// The streams section: one server holding thousands of live streams (GET /api/user/stream, the
// bell, messages and the kitchen board of every open tab), each opened by an account of its own;
// or, on PostgreSQL, several servers sharing them, the events crossing between them on the bus.
// It reports the servers' memory per open stream, how long an event published to all of them
// takes to reach each one (p50/p99/max; across servers also on the server that wrote it and on the
// others), and an ordinary request's p50/p99 with no stream open and again while the streams are
// open and events are being delivered. Method: tests/bench/README.md.
//
// The accounts are written straight into the database (a user, a session, a place on the staff
// of one firm, so that a message to that firm reaches every stream), and their access
// tokens are signed with a key the bench gives the server (TOKEN_KEYS): no password hashing for
// thousands of logins. The streams come from many loopback addresses (127.0.0.2, .3, …) so that
// each address stays under the per-address cap, as many clients behind many addresses do.
// Each stream is a socket on both ends: the bench and the server each need an open-files limit
// above the number of streams (`ulimit -n`; see README).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SignJWT } from 'jose';
import pg from 'pg';
import { dropDatabase, freshDatabase, signIn, stop, waitForServer } from './scale.mjs';

/** streams per loopback address: under the server's per-address cap (LIVE_STREAMS_PER_ADDRESS, 100) */
const PER_ADDRESS = 90;

/** This process's open-files limit (Linux), or undefined. */
function openFilesLimit() {
  try {
    const line = fs
      .readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    return Number(line?.split(/\s{2,}/)[1]) || undefined;
  } catch {
    return undefined;
  }
}

/** The resident memory of a process in bytes (Linux). */
function rssOf(pid) {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) * 1024;
}

const percentile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : null);
const round = (value) => (value == null ? null : Math.round(value * 10) / 10);

/** The PostgreSQL database the streams across servers are measured on (made and dropped). */
const DATABASE = 'souk_bench_streams';

/**
 * @param {{dist: string, port: number, streams: number, rounds: number, log: (line: string) => void,
 *   databaseUrl?: string, instances?: number}} options
 *   `instances` servers on ports `port`, `port + 1`, …: more than one needs `databaseUrl` (a PostgreSQL
 *   server where a database of its own is made and dropped); the streams are opened on them in turn and
 *   the events are written through the first
 */
export async function measureStreams({ dist, port, streams: count, rounds, log, databaseUrl, instances = 1 }) {
  if (instances > 1 && !databaseUrl) throw new Error('streams: several servers need a PostgreSQL database (BENCH_DATABASE_URL)');
  const limit = openFilesLimit();
  if (limit && limit < count + 1000)
    throw new Error(`streams: the open-files limit is ${limit}; ${count} streams need more than ${count + 1000} (ulimit -n 20000)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souk-bench-streams-'));
  const url = databaseUrl ? await freshDatabase(databaseUrl, DATABASE) : undefined;
  const ports = Array.from({ length: instances }, (_, i) => port + i);
  const origins = ports.map((p) => `http://127.0.0.1:${p}`);
  const key = crypto.randomBytes(32);
  const servers = [];
  const start = async (i) => {
    const serverLog = path.join(dataDir, `server${i + 1}.log`);
    const server = spawn(process.execPath, [path.join(dist, 'server', 'main.js')], {
      env: {
        ...process.env,
        PORT: String(ports[i]),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dataDir, `data${i + 1}`),
        ...(url ? { DATABASE_URL: url, INSTANCE_ID: `streams${i + 1}` } : {}),
        SEED: 'demo',
        PUBLIC_URL: origins[i],
        COOKIE_SECURE: 'false',
        CLIENT_DIR: path.join(dist, 'client'),
        SSR_DIR: path.join(dist, 'ssr'),
        LOG_LEVEL: 'warn',
        TOKEN_KEYS: `bench:${key.toString('base64')}`,
        LIVE_STREAMS_MAX: String(count + 100),
      },
      stdio: ['ignore', fs.openSync(serverLog, 'a'), fs.openSync(serverLog, 'a')],
    });
    servers.push(server);
    await waitForServer(server, origins[i], serverLog);
  };
  const sockets = [];
  const rss = () => servers.reduce((sum, server) => sum + rssOf(server.pid), 0);
  try {
    // the first migrates and seeds; the others start on what it wrote
    await start(0);
    await Promise.all(ports.slice(1).map((_, i) => start(i + 1)));
    const { firm, cookies } = await accounts(url ? { url } : { file: path.join(dataDir, 'data1', 'souk.db') }, key, count);
    const [writer] = origins;
    const customer = await signIn(writer, 'james@souk.test');
    const conversation = await post(writer, '/api/user/conversations', { firmId: firm.id }, customer);
    const ordinaryUrl = `/api/public/firms/u/${firm.username}`;
    // the ordinary requests go to a server that did not write the events, when there is one
    const reader = origins.at(-1);

    await timeRequests(reader, ordinaryUrl, 20); // warm-up
    const quiet = await timeRequests(reader, ordinaryUrl, 200);
    const before = rss();
    log(
      `streams: ordinary request with no stream open p50 ${quiet.p50} ms, p99 ${quiet.p99} ms; ${instances} server(s) ${(before / 2 ** 20).toFixed(0)} MB`,
    );

    const opening = performance.now();
    for (let first = 0; first < count; first += 100) {
      const batch = cookies.slice(first, first + 100).map((cookie, offset) => openStream(ports, cookie, first + offset));
      sockets.push(...(await Promise.all(batch)));
    }
    const openSeconds = (performance.now() - opening) / 1000;
    // the garbage of the openings collected, the streams idle
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const after = rss();
    const perStreamKB = (after - before) / count / 1024;
    log(
      `streams: ${count} open in ${openSeconds.toFixed(1)} s; ${instances} server(s) ${(after / 2 ** 20).toFixed(0)} MB, ${perStreamKB.toFixed(1)} KB a stream`,
    );

    // ordinary requests, one at a time, while the events go out
    let delivering = true;
    const busy = (async () => {
      const times = [];
      while (delivering) times.push(...(await timeRequests(reader, ordinaryUrl, 10)).times);
      return summary(times);
    })();
    /** Sends a message to the firm; resolves each stream's server and time from the send to its `message` event. */
    async function deliver(text) {
      for (const stream of sockets) stream.arrived = undefined;
      const sent = performance.now();
      await post(writer, `/api/user/conversations/${conversation.id}/messages`, { body: text, attachments: [] }, customer);
      while (sockets.some((stream) => stream.arrived === undefined) && performance.now() - sent < 10_000)
        await new Promise((resolve) => setTimeout(resolve, 5));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return sockets.map((stream) => ({ server: stream.server, delay: stream.arrived === undefined ? Infinity : stream.arrived - sent }));
    }
    const sorted = (arrivals) => arrivals.map((arrival) => arrival.delay).sort((a, b) => a - b);
    const spread = (delays) => ({ p50: round(percentile(delays, 0.5)), p99: round(percentile(delays, 0.99)) });
    // the conversation's first message also puts a notice in the bell of each of the staff (their
    // rows written, a second event to every stream): measured apart from the message alone
    const firstWithNotices = spread(sorted(await deliver('Bench message')));
    const arrivals = [];
    const byRound = [];
    for (let event = 0; event < rounds; event++) {
      const these = await deliver(`Bench message ${event}`);
      byRound.push(spread(sorted(these)));
      arrivals.push(...these);
    }
    delivering = false;
    const during = await busy;
    const delays = sorted(arrivals);
    const delivery = {
      p50: round(percentile(delays, 0.5)),
      p99: round(percentile(delays, 0.99)),
      max: round(delays.at(-1)),
      missed: delays.filter((delay) => delay === Infinity).length,
      byRound,
      firstWithNotices,
      ...(instances > 1 && {
        writingServer: spread(sorted(arrivals.filter((arrival) => arrival.server === 0))),
        otherServers: spread(sorted(arrivals.filter((arrival) => arrival.server !== 0))),
      }),
    };
    log(`streams: delivery to ${count} streams × ${rounds} events p50 ${delivery.p50} ms, p99 ${delivery.p99} ms, max ${delivery.max} ms`);
    if (instances > 1)
      log(
        `streams: on the server that wrote the event p50/p99 ${delivery.writingServer.p50}/${delivery.writingServer.p99} ms, on the others ${delivery.otherServers.p50}/${delivery.otherServers.p99} ms`,
      );
    log(`streams: p50/p99 by event: ${byRound.map((r) => `${r.p50}/${r.p99}`).join(', ')} ms`);
    log(
      `streams: the first message, with a bell notice to each of the staff: p50 ${firstWithNotices.p50} ms, p99 ${firstWithNotices.p99} ms`,
    );
    log(`streams: ordinary request while they are open p50 ${during.p50} ms, p99 ${during.p99} ms (${during.n} requests)`);
    return {
      date: new Date().toISOString(),
      load: os.loadavg().map((n) => Math.round(n * 100) / 100),
      database: url ? 'postgres' : 'sqlite',
      instances,
      streams: count,
      events: rounds,
      openSeconds: round(openSeconds),
      serverMB: { before: round(before / 2 ** 20), open: round(after / 2 ** 20) },
      memoryPerStreamKB: round(perStreamKB),
      deliveryMs: delivery,
      ordinaryRequest: { url: ordinaryUrl, noStreams: strip(quiet), streamsOpen: strip(during) },
    };
  } finally {
    for (const stream of sockets) stream.request.destroy();
    await Promise.all(servers.map(stop));
    if (url) await dropDatabase(databaseUrl, DATABASE);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const strip = ({ p50, p99, n }) => ({ p50, p99, n });

function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 0.5)), p99: round(percentile(sorted, 0.99)), n: sorted.length, times };
}

/** One request at a time, each with a query of its own so that no response cache answers it. */
async function timeRequests(origin, url, n) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const begun = performance.now();
    const response = await fetch(`${origin}${url}?bench=${Math.random().toString(36).slice(2)}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    times.push(performance.now() - begun);
  }
  return summary(times);
}

/**
 * `count` accounts on the staff of the demo's largest firm, each with a session, and the cookie
 * of each (an access token signed with the servers' key). Written into the SQLite `file` or the
 * PostgreSQL database at `url`.
 */
async function accounts(database, key, count) {
  const now = new Date();
  const at = now.toISOString();
  const expires = new Date(now.getTime() + 86_400_000).toISOString();
  const store = database.url ? await postgresRows(database.url) : sqliteRows(database.file);
  let firm;
  const ids = Array.from({ length: count }, (_, n) => `bench-stream-${n}`);
  try {
    firm = await store.one(`select id, username from firms where username = 'dar-nour'`);
    const template = await store.one(`select * from users where email = 'james@souk.test'`);
    await store.insert(
      'users',
      ids.map((id, n) => ({ ...template, id, short_id: `bs${n}`, flip: id, email: `${id}@souk.test`, google_sub: null })),
    );
    await store.insert(
      'auth_sessions',
      ids.map((id) => ({ id, user_id: id, method: 'email', created_at: at, last_used_at: at, expires_at: expires })),
    );
    await store.insert(
      'employments',
      ids.map((id) => ({ id, firm_id: firm.id, user_id: id, user_role: 'STAFF', profession: null, active: 1, created_at: at })),
    );
  } finally {
    await store.close();
  }
  const iat = Math.floor(now.getTime() / 1000);
  const cookies = await Promise.all(
    ids.map(async (id) => {
      const token = await new SignJWT({ sid: id })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: 'bench' })
        .setSubject(id)
        .setIssuer('souk')
        .setAudience('souk-api')
        .setIssuedAt(iat)
        .setExpirationTime(iat + 3600)
        .sign(key);
      return `souk_at=${token}`;
    }),
  );
  return { firm, cookies };
}

/** Rows read and written in a SQLite file, in one transaction a table. */
function sqliteRows(file) {
  const db = new Database(file);
  return {
    one: async (query) => db.prepare(query).get(),
    async insert(table, rows) {
      const columns = Object.keys(rows[0]);
      const insert = db.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`);
      db.transaction(() => rows.forEach((row) => insert.run(row)))();
    },
    close: async () => db.close(),
  };
}

/** Rows read and written in a PostgreSQL database, 500 a statement. */
async function postgresRows(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    one: async (query) => (await client.query(query)).rows[0],
    async insert(table, rows) {
      const columns = Object.keys(rows[0]);
      for (let first = 0; first < rows.length; first += 500) {
        const batch = rows.slice(first, first + 500);
        const values = batch.map((_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`);
        await client.query(
          `insert into ${table} (${columns.join(', ')}) values ${values.join(', ')}`,
          batch.flatMap((row) => columns.map((column) => row[column])),
        );
      }
    },
    close: () => client.end(),
  };
}

/**
 * Opens stream `n` on the servers' ports in turn, from a loopback address of its group; resolves once its
 * first event (the bell's count) arrived.
 */
function openStream(ports, cookie, n) {
  const server = n % ports.length;
  const port = ports[server];
  return new Promise((resolve, reject) => {
    const stream = { request: undefined, arrived: undefined, server };
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/user/stream',
        headers: { cookie },
        agent: false,
        localAddress: `127.0.0.${2 + Math.floor(n / PER_ADDRESS)}`,
      },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream ${n}: HTTP ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        let opened = false;
        response.on('data', (chunk) => {
          if (!opened && chunk.includes('event: notifications')) {
            opened = true;
            resolve(stream);
          }
          if (chunk.includes('event: message') && stream.arrived === undefined) stream.arrived = performance.now();
        });
      },
    );
    request.on('error', reject);
    stream.request = request;
  });
}

async function post(origin, url, body, cookie) {
  const response = await fetch(origin + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/** The section as a table for the console: one row a run (one server on SQLite, several on PostgreSQL). */
export function streamsTable(...runs) {
  const measured = runs.filter((results) => results?.streams);
  if (!measured.length) return '';
  const line = (cells) => `| ${cells.join(' | ')} |`;
  const spread = (s) => (s ? `${s.p50} / ${s.p99}` : '–');
  return [
    `Live streams — each of as many accounts, ${measured[0].events} events to all of them; delivery ms p50 / p99 / max`,
    line([
      'run',
      'memory a stream',
      'servers MB before / open',
      'delivery',
      'missed',
      'on the writing server / the others p50 / p99',
      'first message + notices p50 / p99',
      'ordinary p50 / p99 ms, no streams',
      'ordinary p50 / p99 ms, streams open',
    ]),
    line(Array(9).fill('---')),
    ...measured.map((results) => {
      const { ordinaryRequest: ordinary, deliveryMs: delivery } = results;
      return line([
        `${results.streams} streams, ${results.instances ?? 1} × ${results.database ?? 'sqlite'} (${results.date.slice(0, 16)}, load ${results.load.join(' ')})`,
        `${results.memoryPerStreamKB} KB`,
        `${results.serverMB.before} / ${results.serverMB.open}`,
        `${delivery.p50} / ${delivery.p99} / ${delivery.max}`,
        String(delivery.missed),
        delivery.otherServers ? `${spread(delivery.writingServer)} · ${spread(delivery.otherServers)}` : '–',
        spread(delivery.firstWithNotices),
        spread(ordinary.noStreams),
        spread(ordinary.streamsOpen),
      ]);
    }),
  ].join('\n');
}
