// What counting page views costs a busy page: visits to the firm page, each the page (from the
// rendered-HTML cache, the cheapest answer, so counting's share is the largest it can be) and then
// the view it sends, with counting on and with it switched off (PAGE_VIEWS, answered 204 and not
// counted), in alternating rounds on the same server. Every visit comes from an address of its own
// (X-Forwarded-For, the server trusting one proxy), as a crowd does, so no view meets the limit of
// one visitor. Beside the visits a second, the server's CPU time a visit (Linux: /proc), which other
// work on a shared machine disturbs far less than the throughput.
import fs from 'node:fs';
import autocannon from 'autocannon';
import { untilIdle } from './api.mjs';

const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

/** The CPU time the process has used, in ms (user and system, all its threads), or null without /proc. */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of stat, in clock ticks of 10 ms
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * @param {{origin: string, username: string, serverPid: number, connections: number, seconds: number, rounds: number,
 *   switchCounting: (on: boolean) => Promise<void>, log: (line: string) => void}} options
 * @returns {Promise<{on: object, off: object, ratio: number, cpuRatio: number | null, runs: object[]}>} visits a second
 *   (a page and its view each), on over off; `cpuRatio`: the server's CPU time a visit, on over off
 */
export async function measureCounting({ origin, username, serverPid, connections, seconds, rounds, switchCounting, log }) {
  let visitor = 0;
  const address = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const run = (duration) =>
    autocannon({
      url: origin,
      connections,
      duration,
      timeout: 60,
      requests: [
        {
          method: 'GET',
          path: `/${username}`,
          headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br', 'user-agent': BROWSER },
        },
        {
          method: 'POST',
          path: '/api/public/page-views',
          headers: { 'content-type': 'application/json', origin, 'user-agent': BROWSER },
          body: JSON.stringify({ kind: 'firm', key: username }),
          setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': address(visitor++) } }),
        },
      ],
    });
  const idle = `${origin}/api/health`;
  // The switch is a write, which empties the public caches: the page is rendered again once, and
  // the server left to finish, before a round is measured.
  const settle = async () => {
    await (await fetch(`${origin}/${username}`, { headers: { accept: 'text/html' } })).arrayBuffer();
    await untilIdle(idle);
  };
  // warm both ways first, a whole round each (JIT, the page's cache, the firm the counter remembers): on a loaded
  // machine two seconds left the first measured round at a tenth of the others
  for (const on of [true, false]) {
    await switchCounting(on);
    await settle();
    await run(seconds);
    await untilIdle(idle);
  }
  const runs = [];
  for (let round = 0; round < rounds; round++) {
    // on first in even rounds, off first in odd ones: a drift of the machine's load falls on both
    for (const on of round % 2 ? [false, true] : [true, false]) {
      await switchCounting(on);
      await settle();
      const cpuBefore = cpuMs(serverPid);
      const r = await run(seconds);
      const cpuAfter = cpuMs(serverPid);
      const visits = r.requests.total / 2;
      const entry = {
        counting: on ? 'on' : 'off',
        visits: Math.round((r.requests.average / 2) * 10) / 10,
        cpuUsPerVisit: cpuBefore === null || cpuAfter === null || !visits ? null : Math.round(((cpuAfter - cpuBefore) * 1000) / visits),
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
      };
      runs.push(entry);
      log(
        `  counting ${entry.counting}: ${entry.visits} visits/s, ${entry.cpuUsPerVisit ?? '–'} µs CPU a visit, p50 ${entry.p50} ms, p99 ${entry.p99} ms (${r.non2xx} non-2xx, ${r.errors} errors)`,
      );
      if (r.non2xx || r.errors) log('  WARNING: failed requests: this round is not a page’s figure');
      await untilIdle(idle);
    }
  }
  await switchCounting(true);
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const of = (counting) => {
    const mine = runs.filter((entry) => entry.counting === counting);
    return {
      visits: median(mine.map((entry) => entry.visits)),
      cpuUsPerVisit: mine.some((entry) => entry.cpuUsPerVisit === null) ? null : median(mine.map((entry) => entry.cpuUsPerVisit)),
      p50: median(mine.map((entry) => entry.p50)),
      p99: median(mine.map((entry) => entry.p99)),
    };
  };
  const on = of('on');
  const off = of('off');
  return {
    on,
    off,
    ratio: off.visits ? Number((on.visits / off.visits).toFixed(3)) : null,
    cpuRatio: on.cpuUsPerVisit && off.cpuUsPerVisit ? Number((on.cpuUsPerVisit / off.cpuUsPerVisit).toFixed(3)) : null,
    runs,
  };
}
