// API throughput with autocannon (50 connections), with the headers a browser sends, next to a
// static file served by the same process as the machine's ceiling.
import autocannon from 'autocannon';

/**
 * @param {Array<{name: string, url: string}>} targets  the last one may be the static ceiling
 * @param {{connections?: number, seconds?: number, log?: (line: string) => void}} [options]
 */
export async function measureApi(targets, options = {}) {
  const connections = options.connections ?? 50;
  const seconds = options.seconds ?? 10;
  const log = options.log ?? (() => {});
  const results = {};
  // Warm the whole process first (JIT, SQLite page cache, response cache): a fresh server
  // otherwise charges its warm-up to whichever target is measured first.
  for (const { url } of targets) await autocannon({ url, connections, duration: 2, headers: HEADERS });
  for (const { name, url } of targets) {
    const r = await autocannon({ url, connections, duration: seconds, headers: HEADERS });
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
