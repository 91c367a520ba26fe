// Throughput with autocannon, with the headers a browser sends, next to a static file served by
// the same process as the machine's ceiling: the API reads (50 connections) and the
// server-rendered pages (20 connections, as a QR-scan crowd: issue 15).
import autocannon from 'autocannon';

/**
 * @param {Array<{name: string, url: string, headers?: Record<string, string>, fresh?: (n: number) => string}>} targets
 *   the last one may be the static ceiling; `headers` go with the browser's; `fresh(n)` gives the
 *   n-th request a path of its own (a query no cache has seen)
 * @param {{connections?: number, seconds?: number, log?: (line: string) => void}} [options]
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
      headers: { ...HEADERS, ...target.headers },
      ...(target.fresh ? { requests: [{ setupRequest: (request) => ({ ...request, path: target.fresh(requestNumber++) }) }] } : {}),
    });
  // Warm the whole process first (JIT, SQLite page cache, response cache): a fresh server
  // otherwise charges its warm-up to whichever target is measured first.
  for (const target of targets) await run(target, 2);
  for (const target of targets) {
    const { name, url } = target;
    const r = await run(target, seconds);
    results[name] = {
      url: new URL(url).pathname + new URL(url).search,
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
      bytesPerRequest: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
    };
    log(
      `  ${name}: ${results[name].rps} req/s, p50 ${results[name].p50} ms, p99 ${results[name].p99} ms (${results[name].non2xx} non-2xx)`,
    );
  }
  return results;
}

const HEADERS = {
  accept: 'application/json',
  'accept-encoding': 'gzip, deflate, br',
  'user-agent': 'souk-bench',
};
