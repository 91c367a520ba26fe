// Throughput with autocannon, with the headers a browser sends, next to a static file served by
// the same process as the machine's ceiling: the API reads (50 connections) and the
// server-rendered pages (20 connections, as a QR-scan crowd).
import autocannon from 'autocannon';

/**
 * @param {Array<{name: string, url: string, headers?: Record<string, string>, fresh?: (n: number) => string}>} targets
 *   the last one may be the static ceiling; `headers` go with the browser's; `fresh(n)` gives the
 *   n-th request a path of its own (a query no cache has seen)
 * @param {{connections?: number, seconds?: number, log?: (line: string) => void, idleUrl?: string}} [options]
 *   `idleUrl`: a cheap URL of the same server, polled between runs until it answers quickly again
 */
export async function measureApi(targets, options = {}) {
  const connections = options.connections ?? 50;
  const seconds = options.seconds ?? 10;
  const log = options.log ?? (() => {});
  const results = {};
  let requestNumber = 0;
  const run = (target, duration) =>
    autocannon({
      url: target.url,
      connections,
      duration,
      // A render on a loaded 2-core machine can take seconds: autocannon's 10 s default counted every
      // connection as one error and the run as 0 req/s (as the first bench of it did).
      timeout: 60,
      headers: { ...HEADERS, ...target.headers },
      ...(target.fresh ? { requests: [{ setupRequest: (request) => ({ ...request, path: target.fresh(requestNumber++) }) }] } : {}),
    });
  // Each target must answer 200 with what a browser asks for, or its figure means nothing.
  for (const target of targets) {
    const url = target.fresh ? new URL(target.fresh(requestNumber++), target.url).toString() : target.url;
    const response = await fetch(url, { headers: { ...HEADERS, ...target.headers } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${target.name}: ${url} answered ${response.status}, not 200`);
  }
  // Warm the whole process first (JIT, SQLite page cache, response cache): a fresh server
  // otherwise charges its warm-up to whichever target is measured first.
  for (const target of targets) {
    await run(target, 2);
    await untilIdle(options.idleUrl);
  }
  for (const target of targets) {
    const { name, url } = target;
    const r = await run(target, seconds);
    results[name] = {
      url: new URL(url).pathname + new URL(url).search,
      rps: Math.round(r.requests.average * 10) / 10,
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
      bytesPerRequest: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
    };
    log(
      `  ${name}: ${results[name].rps} req/s, p50 ${results[name].p50} ms, p99 ${results[name].p99} ms (${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts)`,
    );
    if (r.non2xx || r.errors) log(`  WARNING: ${name} had failed requests: its figure is not a page's`);
    // autocannon stops at the end of its time but the server goes on with what it had accepted (up to
    // `connections` renders): without waiting, the next target was measured behind that backlog (on a
    // loaded machine, a "hot" page measured no faster than a cold one).
    await untilIdle(options.idleUrl);
  }
  return results;
}

/** Polls `url` until two answers in a row come within 50 ms (at most 60 s). */
export async function untilIdle(url) {
  if (!url) return;
  let quick = 0;
  for (let deadline = Date.now() + 60_000; quick < 2 && Date.now() < deadline;) {
    const started = performance.now();
    await (await fetch(url)).arrayBuffer();
    quick = performance.now() - started < 50 ? quick + 1 : 0;
    if (quick < 2) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `rps / ceiling` with three significant digits (a cold render is a few thousandths of a static file). */
export function ratio(rps, ceiling) {
  return ceiling ? Number((rps / ceiling).toPrecision(3)) : null;
}

const HEADERS = {
  accept: 'application/json',
  'accept-encoding': 'gzip, deflate, br',
  'user-agent': 'souk-bench',
};
