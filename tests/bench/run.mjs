// `npm run bench`: builds Souk, starts the production server on a temporary DATA_DIR with the
// demo seed, measures the public pages in Chromium through a throttling proxy, runs Lighthouse
// and autocannon, prints one table and writes tests/bench/results.json. Method: tests/bench/README.md.
//
// Environment (all optional):
//   BENCH_SKIP_BUILD=1      use the existing build
//   BENCH_DIST=dist         where the build is (client/, ssr/, server/ under it)
//   BENCH_PORT=8170         the server's port
//   BENCH_RUNS=3            page loads per measurement (the median is reported)
//   BENCH_API_SECONDS=10    autocannon duration per endpoint
//   BENCH_ONLY=pages,inp,lighthouse,workspace,counter,api,throughput,counting,checkin,scale,streams   a subset
//   BENCH_WORKSPACE=loads,lighthouse,typing   a part of the workspace section
//   BENCH_COUNTING_ROUNDS=3   rounds of counting on and off (each BENCH_API_SECONDS) in the page-view counting section
//   BENCH_SCALE_REQUESTS=200, BENCH_SCALE_SECONDS=15   per read in the data-scale section
//   BENCH_STREAMS=5000, BENCH_STREAM_EVENTS=5   live streams held open, events sent to all of them (needs ulimit -n above the streams)
//   BENCH_DATABASE_URL=postgres://…   the data-scale section also on PostgreSQL, and the streams section also on three servers
//                                      sharing it (it makes and drops databases of its own there)
//   BENCH_OUT=tests/bench/results.json
//   BENCH_LABEL=...         stored with the results (e.g. "before", "after")
//   BENCH_PAGES=firm,event  a subset of the pages (landing, explore, firm, event, blog)
//   BENCH_NO_SSR=1          serve the client shell only (no server rendering), for comparison
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startThrottleProxy } from './throttle-proxy.mjs';
import { measureInteractions, measurePages } from './browser.mjs';
import { lighthouseScores } from './lighthouse.mjs';
import { measureApi, ratio } from './api.mjs';
import { measureCounting } from './counting.mjs';
import { measureCheckin } from './checkin.mjs';
import { measureScale, scaleTable } from './scale.mjs';
import { measureStreams, streamsTable } from './streams.mjs';
import { measureWorkspace, workspaceTable } from './workspace.mjs';
import { counterTable, measureCounter } from './counter.mjs';

const env = process.env;
/** The demo account made admin of the bench's server, to switch page-view counting (no other section signs in as it). */
const COUNTING_ADMIN = { email: 'omar@souk.test', password: 'souk-demo-2025' };
const dist = path.resolve(env.BENCH_DIST ?? 'dist');
const port = Number(env.BENCH_PORT ?? 8170);
const runs = Number(env.BENCH_RUNS ?? 3);
const apiSeconds = Number(env.BENCH_API_SECONDS ?? 10);
const only = new Set((env.BENCH_ONLY ?? 'pages,inp,lighthouse,workspace,counter,api,throughput,counting,checkin,scale,streams').split(','));
const out = path.resolve(env.BENCH_OUT ?? 'tests/bench/results.json');
const origin = `http://127.0.0.1:${port}`;
const started = Date.now();
const log = (line) => console.error(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)}s] ${line}`);

if (!env.BENCH_SKIP_BUILD) {
  log('building (npm run build)…');
  execSync('npm run build', { stdio: ['ignore', 'ignore', 'inherit'] });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souk-bench-'));
const serverLog = path.join(dataDir, 'server.log');
log(`starting the server on ${origin} (DATA_DIR ${dataDir}, log ${serverLog})`);
const server = spawn(process.execPath, [path.join(dist, 'server', 'main.js')], {
  env: {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'demo',
    PUBLIC_URL: origin,
    COOKIE_SECURE: 'false',
    CLIENT_DIR: path.join(dist, 'client'),
    SSR_DIR: env.BENCH_NO_SSR ? path.join(dataDir, 'no-ssr') : path.join(dist, 'ssr'),
    LOG_LEVEL: env.LOG_LEVEL ?? 'info',
    // the page-view counting section: visits from addresses of their own (X-Forwarded-For, as
    // behind one proxy), and an admin who switches counting off and on
    TRUST_PROXY: '1',
    ADMIN_AREA: 'on',
    ADMIN_EMAILS: COUNTING_ADMIN.email,
  },
  stdio: ['ignore', fs.openSync(serverLog, 'a'), fs.openSync(serverLog, 'a')],
});
const stopServer = () => server.exitCode === null && server.kill('SIGTERM');
process.on('exit', stopServer);
process.on('SIGINT', () => process.exit(130));

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}); see ${serverLog}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start in 2 minutes');
}

async function json(url, init) {
  const response = await fetch(origin + url, init);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

try {
  await waitForServer();
  // The demo seed's content: a firm, an event, a blog article.
  const firm = (await json('/api/public/firms?size=1')).content[0];
  const event = (
    await json('/api/public/events?page=0&size=1', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })
  ).content[0];
  const post = (await json('/api/public/blog-posts?size=1')).content[0];
  if (!firm || !event || !post) throw new Error('the demo seed has no firm, event or blog post');
  const pageByName = {
    landing: '/',
    explore: '/explore',
    firm: `/${firm.username}`,
    event: `/event/${event.shortId}`,
    blog: `/blog/${post.shortId}`,
  };
  const pages = env.BENCH_PAGES
    ? env.BENCH_PAGES.split(',')
        .map((name) => pageByName[name])
        .filter(Boolean)
    : Object.values(pageByName);
  const labels = {
    '/': 'landing /',
    '/explore': 'explore',
    [pageByName.firm]: 'firm page',
    [pageByName.event]: 'event page',
    [pageByName.blog]: 'blog article',
  };
  const staticFile = '/manifest.webmanifest';

  const results = {
    label: env.BENCH_LABEL ?? '',
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      load: os.loadavg().map((n) => Math.round(n * 100) / 100),
      node: process.version,
    },
    conditions: {
      viewport: '390x844 mobile',
      cpuSlowdown: 4,
      downKbps: 400,
      upKbps: 400,
      rttMs: 400,
      runs,
      apiConnections: 50,
      apiSeconds,
    },
    pages: {},
    inp: {},
    lighthouse: {},
    api: {},
    throughput: {},
    counting: {},
    checkin: {},
    scale: {},
    streams: {},
    workspace: {},
    counter: {},
  };

  if (only.has('pages')) {
    log(`pages: ${pages.join(', ')}`);
    const proxy = await startThrottleProxy({ kbps: 400, latencyMs: 400 });
    try {
      results.pages = await measurePages({
        origin,
        paths: pages,
        proxyPort: proxy.port,
        proxyCounts: proxy.counts,
        resetProxy: proxy.reset,
        setThrottled: proxy.setThrottled,
        clientDir: path.join(dist, 'client'),
        runs,
        cpuRate: 4,
        log,
      });
    } finally {
      await proxy.close();
    }
  }

  if (only.has('inp')) {
    log('INP: the firm page, signed in, 4x CPU: Follow, Save, the section links…');
    results.inp = await measureInteractions({
      origin,
      path: pageByName.firm,
      login: { email: 'james@souk.test', password: 'souk-demo-2025' },
      cpuRate: 4,
      log,
    });
    log(
      `INP (ms, target < 200): ${Object.entries(results.inp)
        .map(([name, value]) => `${name} ${value ?? '–'}`)
        .join(', ')}`,
    );
  }

  if (only.has('lighthouse')) {
    log('lighthouse (mobile)…');
    results.lighthouse = await lighthouseScores(
      pages.map((p) => origin + p),
      log,
    );
  }

  if (only.has('workspace')) {
    // before the sections that add data: the owner's pages as the demo seed left them
    log("workspace: Dar Nour's owner, cold loads at 4x CPU and 1.6 Mbps / 150 ms, Lighthouse desktop, typing in an editor…");
    const proxy = await startThrottleProxy({ kbps: 1600, latencyMs: 150 });
    try {
      results.workspace = await measureWorkspace({
        origin,
        proxyPort: proxy.port,
        clientDir: path.join(dist, 'client'),
        login: { email: 'layla@souk.test', password: 'souk-demo-2025' },
        firmName: 'Dar Nour',
        runs,
        cpuRate: 4,
        only: env.BENCH_WORKSPACE?.split(','),
        load: () => os.loadavg()[0].toFixed(1),
        log,
      });
    } finally {
      await proxy.close();
    }
  }

  if (only.has('counter')) {
    log('counter: the till and the kitchen board, tablet, 4x CPU…');
    results.counter = await measureCounter({ origin, cpuRate: 4, log });
  }

  if (only.has('api')) {
    log(`api: autocannon, 50 connections, ${apiSeconds} s each…`);
    results.api = await measureApi(
      [
        { name: 'explore events', url: `${origin}/api/user/explore/events` },
        { name: 'firms list', url: `${origin}/api/public/firms` },
        { name: 'firm by username', url: `${origin}/api/public/firms/u/${firm.username}` },
        { name: 'event by shortId', url: `${origin}/api/public/events/sid/${event.shortId}` },
        { name: 'blog list', url: `${origin}/api/public/blog-posts` },
        { name: 'static file (ceiling)', url: `${origin}${staticFile}` },
      ],
      { connections: 50, seconds: apiSeconds, log, idleUrl: `${origin}/api/health` },
    );
    const ceiling = results.api['static file (ceiling)']?.rps;
    for (const entry of Object.values(results.api)) entry.ofStatic = ratio(entry.rps, ceiling);
  }

  if (only.has('throughput')) {
    // Server-rendered pages as a crowd gets them: 20 connections, a browser's headers.
    log(`page throughput: autocannon, 20 connections, ${apiSeconds} s each…`);
    const html = { accept: 'text/html' };
    const signedIn = await signedInCookie();
    const firmPath = pageByName.firm;
    results.throughput = await measureApi(
      [
        { name: 'firm page, hot', url: `${origin}${firmPath}`, headers: html },
        // a query of its own per request: never in the rendered-HTML cache (its API reads are)
        { name: 'firm page, cold', url: `${origin}${firmPath}`, headers: html, fresh: (n) => `${firmPath}?bench=${n}` },
        // a search no cache has seen: the render and its API reads
        { name: 'explore, fresh query', url: `${origin}/explore`, headers: html, fresh: (n) => `/explore?name=bench${n}` },
        { name: 'firm page, signed in', url: `${origin}${firmPath}`, headers: { ...html, cookie: signedIn } },
        { name: 'static file (ceiling)', url: `${origin}${staticFile}`, headers: html },
      ],
      { connections: 20, seconds: apiSeconds, log, idleUrl: `${origin}/api/health` },
    );
    const ceiling = results.throughput['static file (ceiling)']?.rps;
    for (const entry of Object.values(results.throughput)) entry.ofStatic = ratio(entry.rps, ceiling);
    const line = Object.entries(results.throughput)
      .filter(([name]) => name !== 'static file (ceiling)')
      .map(([name, entry]) => `${name} ${entry.ofStatic}×`)
      .join(', ');
    log(`page throughput as a share of the static file (${ceiling} req/s) in the same run: ${line}`);
  }

  if (only.has('counting')) {
    const rounds = Number(env.BENCH_COUNTING_ROUNDS ?? 3);
    log(`page-view counting: firm page visits (the page, then its view), 20 connections, on and off ${rounds}× ${apiSeconds} s each…`);
    const admin = await signedInCookie(COUNTING_ADMIN);
    results.counting = await measureCounting({
      origin,
      username: firm.username,
      serverPid: server.pid,
      connections: 20,
      seconds: apiSeconds,
      rounds,
      switchCounting: (on) => switchPageViews(admin, on),
      log,
    });
    const { on, off, ratio: share, cpuRatio } = results.counting;
    log(
      `page-view counting: ${on.visits} visits/s counting, ${off.visits} without: ${share}× (${((share - 1) * 100).toFixed(1)} %; target within 5 %); ` +
        `server CPU a visit ${on.cpuUsPerVisit ?? '–'} µs counting, ${off.cpuUsPerVisit ?? '–'} without: ${cpuRatio ?? '–'}×`,
    );
  }

  if (only.has('checkin')) {
    // last: it adds 5,000 tickets to one of the demo events
    log('check-in: a 5,000-ticket list, and scans decided on the device at 4x CPU…');
    results.checkin = await measureCheckin({
      origin,
      dataDir,
      login: { email: 'sophie@souk.test', password: 'souk-demo-2025' },
      tickets: 5000,
      cpuRate: 4,
      log,
    });
  }

  if (only.has('scale')) {
    // servers of their own on the next port: the demo's server above keeps its data as it was
    log('data scale: the demo size and a hundred times it, one request at a time…');
    results.scale = await measureScale({
      dist,
      port: port + 1,
      databaseUrl: env.BENCH_DATABASE_URL,
      requests: Number(env.BENCH_SCALE_REQUESTS ?? 200),
      seconds: Number(env.BENCH_SCALE_SECONDS ?? 15),
      log,
    });
  }

  if (only.has('streams')) {
    // a server of its own two ports up, with thousands of accounts written into its database
    const count = Number(env.BENCH_STREAMS ?? 5000);
    const streams = { dist, port: port + 2, streams: count, rounds: Number(env.BENCH_STREAM_EVENTS ?? 5), log };
    log(`live streams: ${count} of as many accounts on one server…`);
    results.streams = await measureStreams(streams);
    if (env.BENCH_DATABASE_URL) {
      log(`live streams: ${count} of as many accounts on three servers sharing PostgreSQL, the events on its bus…`);
      results.streamsAcrossServers = await measureStreams({ ...streams, databaseUrl: env.BENCH_DATABASE_URL, instances: 3 });
    }
  }

  results.durationSeconds = Math.round((Date.now() - started) / 1000);
  fs.writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
  console.log(table(results, labels));
  if (only.has('scale')) console.log(`\n${scaleTable(results.scale)}`);
  if (only.has('streams')) console.log(`\n${streamsTable(results.streams, results.streamsAcrossServers)}`);
  if (only.has('workspace')) console.log(`\n${workspaceTable(results.workspace, results.machine.load.join(' '))}`);
  if (only.has('counter')) console.log(`\n${counterTable(results.counter)}`);
  log(`wrote ${path.relative(process.cwd(), out)} in ${results.durationSeconds} s`);
} finally {
  stopServer();
}

/** The cookies of a demo account signed in with the login API (by default the visitor of the signed-in page). */
async function signedInCookie(login = { email: 'james@souk.test', password: 'souk-demo-2025' }) {
  const response = await fetch(`${origin}/api/iam/login/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(login),
  });
  if (!response.ok) throw new Error(`bench login failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Switches page-view counting on or off as the admin and waits until the flags the server gives say so. */
async function switchPageViews(cookie, on) {
  const response = await fetch(`${origin}/api/admin/features/PAGE_VIEWS`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin, cookie },
    body: JSON.stringify({ enabled: on, reason: 'bench: page-view counting on and off' }),
  });
  if (!response.ok) throw new Error(`switching PAGE_VIEWS failed: ${response.status} ${await response.text()}`);
  for (let i = 0; i < 50; i++) {
    const flags = await json('/api/iam/features');
    if (flags.some((flag) => flag.key === 'PAGE_VIEWS' && flag.enabled === on)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`PAGE_VIEWS did not turn ${on ? 'on' : 'off'}`);
}

function table(results, labels) {
  const kb = (bytes) => (bytes == null ? '–' : `${(bytes / 1024).toFixed(1)} KB`);
  const ms = (value) => (value == null ? '–' : `${value}`);
  const header = [
    'target',
    'JS gz',
    'CSS gz',
    'largest img',
    'LCP cold',
    'FCP cold',
    'CLS cold',
    'TBT cold',
    'TTI cold',
    'LCP warm',
    'FCP warm',
    'CLS warm',
    'TBT warm',
    'SW ready s',
    'offline (hits)',
    'LH perf/a11y/bp/seo',
    'req/s',
    'p50 ms',
    'p99 ms',
    '× static',
  ];
  const rows = [];
  const pagePaths = new Set([...Object.keys(results.pages), ...Object.keys(results.lighthouse)]);
  for (const p of pagePaths) {
    const page = results.pages[p] ?? {};
    const lh = results.lighthouse[p];
    const off = page.offline;
    rows.push([
      `${labels[p] ?? p}`,
      kb(page.sizes?.jsGzip),
      kb(page.sizes?.cssGzip),
      kb(page.sizes?.largestImage),
      ms(page.cold?.lcp),
      ms(page.cold?.fcp),
      page.cold?.cls ?? '–',
      ms(page.cold?.tbt),
      ms(page.cold?.interactive),
      ms(page.warm?.lcp),
      ms(page.warm?.fcp),
      page.warm?.cls ?? '–',
      ms(page.warm?.tbt),
      page.workerReadyMs == null ? '–' : (page.workerReadyMs / 1000).toFixed(1),
      off ? `${off.rendered ? 'renders' : 'BLANK'} (${off.serverHits})` : '–',
      lh ? [lh.performance, lh.accessibility, lh.bestPractices, lh.seo].map((score) => score ?? '–').join('/') : '–',
      '',
      '',
      '',
      '',
    ]);
  }
  const throughputRows = [
    ...Object.entries(results.api).map(([name, entry]) => [`API ${name}`, entry]),
    ...Object.entries(results.throughput ?? {}).map(([name, entry]) => [`page ${name}`, entry]),
    // visits a second (a page and its view each); the last column is counting on over off
    ...(results.counting?.on
      ? [
          [
            'firm visits/s, counting on (× = on over off)',
            { rps: results.counting.on.visits, ...results.counting.on, ofStatic: results.counting.ratio },
          ],
          ['firm visits/s, counting off', { rps: results.counting.off.visits, ...results.counting.off, ofStatic: 1 }],
        ]
      : []),
  ];
  for (const [name, api] of throughputRows) {
    rows.push([
      name,
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      String(api.rps),
      String(api.p50),
      String(api.p99),
      api.ofStatic == null ? '–' : String(api.ofStatic),
    ]);
  }
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [
    `Souk bench ${results.label ? `(${results.label}) ` : ''}${results.date} — ${results.machine.cpus} cores, load ${results.machine.load.join(' ')}; pages: median of ${results.conditions.runs} cold, warm = the first return visit, SW ready = throttled from the first load, mobile, 4x CPU, 400 kbps / 400 ms RTT via proxy; times in ms`,
    line(header),
    line(header.map(() => '---')),
    ...rows.map(line),
  ].join('\n');
}
