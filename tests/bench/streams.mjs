// The streams section: one server holding thousands of live streams (GET /api/user/stream, the
// bell, messages and the kitchen board of every open tab), each opened by an account of its own.
// It reports the server's memory per open stream, how long an event published to all of them
// takes to reach each one (p50/p99/max), and an ordinary request's p50/p99 with no stream open and
// again while the streams are open and events are being delivered. Method: tests/bench/README.md.
//
// The accounts are written straight into the server's SQLite database (a user, a session, a place
// on the staff of one firm, so that a message to that firm reaches every stream), and their access
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
import { signIn, stop, waitForServer } from './scale.mjs';

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

/**
 * @param {{dist: string, port: number, streams: number, rounds: number, log: (line: string) => void}} options
 */
export async function measureStreams({ dist, port, streams: count, rounds, log }) {
  const limit = openFilesLimit();
  if (limit && limit < count + 1000)
    throw new Error(`streams: the open-files limit is ${limit}; ${count} streams need more than ${count + 1000} (ulimit -n 20000)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souk-bench-streams-'));
  const origin = `http://127.0.0.1:${port}`;
  const serverLog = path.join(dataDir, 'server.log');
  const key = crypto.randomBytes(32);
  const server = spawn(process.execPath, [path.join(dist, 'server', 'main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'demo',
      PUBLIC_URL: origin,
      COOKIE_SECURE: 'false',
      CLIENT_DIR: path.join(dist, 'client'),
      SSR_DIR: path.join(dist, 'ssr'),
      LOG_LEVEL: 'warn',
      TOKEN_KEYS: `bench:${key.toString('base64')}`,
      LIVE_STREAMS_MAX: String(count + 100),
    },
    stdio: ['ignore', fs.openSync(serverLog, 'a'), fs.openSync(serverLog, 'a')],
  });
  const sockets = [];
  try {
    await waitForServer(server, origin, serverLog);
    const { firm, cookies } = await accounts(dataDir, key, count);
    const customer = await signIn(origin, 'james@souk.test');
    const conversation = await post(origin, '/api/user/conversations', { firmId: firm.id }, customer);
    const ordinaryUrl = `/api/public/firms/u/${firm.username}`;

    await timeRequests(origin, ordinaryUrl, 20); // warm-up
    const quiet = await timeRequests(origin, ordinaryUrl, 200);
    const before = rssOf(server.pid);
    log(
      `streams: ordinary request with no stream open p50 ${quiet.p50} ms, p99 ${quiet.p99} ms; server ${(before / 2 ** 20).toFixed(0)} MB`,
    );

    const opening = performance.now();
    for (let start = 0; start < count; start += 100) {
      const batch = cookies.slice(start, start + 100).map((cookie, offset) => openStream(port, cookie, start + offset));
      sockets.push(...(await Promise.all(batch)));
    }
    const openSeconds = (performance.now() - opening) / 1000;
    // the garbage of the openings collected, the streams idle
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const after = rssOf(server.pid);
    const perStreamKB = (after - before) / count / 1024;
    log(
      `streams: ${count} open in ${openSeconds.toFixed(1)} s; server ${(after / 2 ** 20).toFixed(0)} MB, ${perStreamKB.toFixed(1)} KB a stream`,
    );

    // ordinary requests, one at a time, while the events go out
    let delivering = true;
    const busy = (async () => {
      const times = [];
      while (delivering) times.push(...(await timeRequests(origin, ordinaryUrl, 10)).times);
      return summary(times);
    })();
    /** Sends a message to the firm; resolves each stream's time from the send to its `message` event, sorted. */
    async function deliver(text) {
      for (const stream of sockets) stream.arrived = undefined;
      const sent = performance.now();
      await post(origin, `/api/user/conversations/${conversation.id}/messages`, { body: text, attachments: [] }, customer);
      while (sockets.some((stream) => stream.arrived === undefined) && performance.now() - sent < 10_000)
        await new Promise((resolve) => setTimeout(resolve, 5));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return sockets.map((stream) => (stream.arrived === undefined ? Infinity : stream.arrived - sent)).sort((a, b) => a - b);
    }
    // the conversation's first message also puts a notice in the bell of each of the staff (their
    // rows written, a second event to every stream): measured apart from the message alone
    const first = await deliver('Bench message');
    const firstWithNotices = { p50: round(percentile(first, 0.5)), p99: round(percentile(first, 0.99)) };
    const delays = [];
    const byRound = [];
    for (let event = 0; event < rounds; event++) {
      const these = await deliver(`Bench message ${event}`);
      byRound.push({ p50: round(percentile(these, 0.5)), p99: round(percentile(these, 0.99)) });
      delays.push(...these);
    }
    delivering = false;
    const during = await busy;
    delays.sort((a, b) => a - b);
    const missed = delays.filter((delay) => delay === Infinity).length;
    const delivery = {
      p50: round(percentile(delays, 0.5)),
      p99: round(percentile(delays, 0.99)),
      max: round(delays.at(-1)),
      missed,
      byRound,
      firstWithNotices,
    };
    log(`streams: delivery to ${count} streams × ${rounds} events p50 ${delivery.p50} ms, p99 ${delivery.p99} ms, max ${delivery.max} ms`);
    log(`streams: p50/p99 by event: ${byRound.map((r) => `${r.p50}/${r.p99}`).join(', ')} ms`);
    log(
      `streams: the first message, with a bell notice to each of the staff: p50 ${firstWithNotices.p50} ms, p99 ${firstWithNotices.p99} ms`,
    );
    log(`streams: ordinary request while they are open p50 ${during.p50} ms, p99 ${during.p99} ms (${during.n} requests)`);
    return {
      date: new Date().toISOString(),
      load: os.loadavg().map((n) => Math.round(n * 100) / 100),
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
    await stop(server);
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
 * of each (an access token signed with the server's key).
 */
async function accounts(dataDir, key, count) {
  const db = new Database(path.join(dataDir, 'souk.db'));
  const now = new Date();
  const at = now.toISOString();
  const expires = new Date(now.getTime() + 86_400_000).toISOString();
  let firm;
  const ids = [];
  try {
    firm = db.prepare(`select id, username from firms where username = 'dar-nour'`).get();
    const template = db.prepare(`select * from users where email = 'james@souk.test'`).get();
    const columns = Object.keys(template);
    const user = db.prepare(`insert into users (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`);
    const session = db.prepare(
      `insert into auth_sessions (id, user_id, method, created_at, last_used_at, expires_at) values (?, ?, 'email', ?, ?, ?)`,
    );
    const staff = db.prepare(
      `insert into employments (id, firm_id, user_id, user_role, profession, active, created_at) values (?, ?, ?, 'STAFF', null, 1, ?)`,
    );
    db.transaction(() => {
      for (let n = 0; n < count; n++) {
        const id = `bench-stream-${n}`;
        user.run({
          ...template,
          id,
          short_id: `bs${n}`,
          flip: `bench-stream-${n}`,
          email: `bench-stream-${n}@souk.test`,
          google_sub: null,
        });
        session.run(id, id, at, at, expires);
        staff.run(id, firm.id, id, at);
        ids.push(id);
      }
    })();
  } finally {
    db.close();
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

/** Opens a stream from a loopback address of its group; resolves once its first event (the bell's count) arrived. */
function openStream(port, cookie, n) {
  return new Promise((resolve, reject) => {
    const stream = { request: undefined, arrived: undefined };
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

/** The section as a table for the console. */
export function streamsTable(results) {
  if (!results?.streams) return '';
  const line = (cells) => `| ${cells.join(' | ')} |`;
  const { ordinaryRequest: ordinary, deliveryMs: delivery } = results;
  return [
    `Live streams ${results.date} — ${results.streams} streams of as many accounts on one server, ${results.events} events to all of them, load ${results.load.join(' ')}`,
    line([
      'memory a stream',
      'server MB before / open',
      'delivery p50 / p99 / max ms',
      'missed',
      'first message + notices p50 / p99 ms',
      'ordinary p50 / p99 ms, no streams',
      'ordinary p50 / p99 ms, streams open',
    ]),
    line(['---', '---', '---', '---', '---', '---', '---']),
    line([
      `${results.memoryPerStreamKB} KB`,
      `${results.serverMB.before} / ${results.serverMB.open}`,
      `${delivery.p50} / ${delivery.p99} / ${delivery.max}`,
      String(delivery.missed),
      `${delivery.firstWithNotices.p50} / ${delivery.firstWithNotices.p99}`,
      `${ordinary.noStreams.p50} / ${ordinary.noStreams.p99}`,
      `${ordinary.streamsOpen.p50} / ${ordinary.streamsOpen.p99}`,
    ]),
  ].join('\n');
}
