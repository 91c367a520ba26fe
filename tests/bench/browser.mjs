// Page loads in Chromium, the way a phone on a poor connection sees them: mobile viewport, 4x CPU
// slowdown (CDP), and every request through the throttling proxy (throttle-proxy.mjs).
// For each page: cold loads (fresh profile), warm loads (the service worker installed by the
// first cold load), and one offline repeat; Web Vitals from PerformanceObserver in the page.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

export const MOBILE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  locale: 'en-US',
};

// Runs before any script of the page: collects LCP, FCP, CLS and long tasks.
export const OBSERVE = () => {
  const perf = { lcp: 0, lcpElement: '', fcp: 0, cls: 0, longTasks: [] };
  window.__perf = perf;
  const observe = (type, callback) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(callback)).observe({ type, buffered: true });
    } catch {
      // this browser does not report that entry type: its figure stays empty
    }
  };
  observe('largest-contentful-paint', (entry) => {
    perf.lcp = entry.startTime;
    const el = entry.element;
    perf.lcpElement = el ? `${el.tagName.toLowerCase()}${el.className ? '.' + String(el.className).split(' ')[0] : ''}` : '';
  });
  observe('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') perf.fcp = entry.startTime;
  });
  observe('layout-shift', (entry) => {
    if (!entry.hadRecentInput) perf.cls += entry.value;
  });
  observe('longtask', (entry) => perf.longTasks.push([entry.startTime, entry.duration]));
  // Interactive: the router's dehydrated state ($_TSR, written by an inline script of the server HTML)
  // is removed once the page has hydrated; from then on every control answers at once.
  let seen = false;
  const watchHydration = () => {
    seen = seen || '$_TSR' in window;
    if (seen && !('$_TSR' in window)) perf.interactive = performance.now();
    else setTimeout(watchHydration, 25);
  };
  watchHydration();
};

/** Waits until the page shows its main content and has painted it (or `timeoutMs` passed). */
async function waitForContent(page, timeoutMs = 30_000) {
  await page
    .waitForFunction(
      () => {
        const main = document.querySelector('main h1, main h2');
        return window.__perf?.lcp > 0 && !!main && (main.textContent ?? '').trim().length > 0;
      },
      undefined,
      { timeout: timeoutMs, polling: 100 },
    )
    .catch(() => {});
}

function readMetrics(page) {
  return page.evaluate(() => {
    const perf = window.__perf;
    // Total blocking time: the part above 50 ms of every long task after the first paint.
    const tbt = perf.longTasks.filter(([start]) => start >= perf.fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    const main = document.querySelector('main h1, main h2, main [data-testid]');
    const firstByte = performance.getEntriesByType('navigation')[0]?.responseStart ?? 0;
    return {
      lcp: Math.round(perf.lcp),
      fcp: Math.round(perf.fcp),
      cls: Math.round(perf.cls * 1000) / 1000,
      tbt: Math.round(tbt),
      // after the first byte of the page, as the figure a user on a slow link feels
      interactive: perf.interactive ? Math.round(perf.interactive - firstByte) : null,
      lcpElement: perf.lcpElement,
      rendered: !!main && (main.textContent ?? '').trim().length > 0,
    };
  });
}

/** Waits until no request has been in flight for `quietMs` (at most `maxMs`). */
export async function settle(page, quietMs = 1000, maxMs = 20_000) {
  let inflight = 0;
  let last = Date.now();
  const up = () => {
    inflight++;
    last = Date.now();
  };
  const down = () => {
    inflight = Math.max(0, inflight - 1);
    last = Date.now();
  };
  page.on('request', up);
  page.on('requestfinished', down);
  page.on('requestfailed', down);
  const started = Date.now();
  while (Date.now() - started < maxMs) {
    if (inflight === 0 && Date.now() - last >= quietMs) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  page.off('request', up);
  page.off('requestfinished', down);
  page.off('requestfailed', down);
}

/** Chromium with every request through the throttling proxy on `proxyPort`. */
export function launchThroughProxy(proxyPort) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      `--proxy-server=http://127.0.0.1:${proxyPort}`,
      // Chromium skips the proxy for loopback unless told otherwise.
      '--proxy-bypass-list=<-loopback>',
    ],
  });
}

export async function openPage(context, cpuRate) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  return page;
}

/**
 * Requests that reached our server, from the proxy's log. Two kinds are the browser's own and are
 * listed apart: Chromium's component updater (another host) and the worker's script update check
 * (`/sw.js`, which the browser makes itself on navigation; offline on a real device it fails).
 */
function serverHits(log, origin) {
  const ours = log.filter((line) => (line.split(' ')[1] ?? '').startsWith(origin + '/'));
  const updateChecks = ours.filter((line) => new URL(line.split(' ')[1]).pathname === '/sw.js');
  const hits = ours.filter((line) => !updateChecks.includes(line));
  return { serverHits: hits.length, hitLog: hits.slice(0, 10), workerUpdateChecks: updateChecks.length };
}

const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
};
export function medianOf(runs) {
  if (!runs.length) return null;
  const out = {};
  for (const key of Object.keys(runs[0]))
    out[key] = typeof runs[0][key] === 'number' ? median(runs.map((r) => r[key])) : runs[Math.floor((runs.length - 1) / 2)][key];
  return out;
}

const gzipCache = new Map();
export function gzipSizeOf(clientDir, urlPath) {
  if (gzipCache.has(urlPath)) return gzipCache.get(urlPath);
  const file = path.join(clientDir, urlPath);
  const size = fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0;
  gzipCache.set(urlPath, size);
  return size;
}

/**
 * @param {object} o
 * @param {string} o.origin        e.g. http://127.0.0.1:8170
 * @param {string[]} o.paths
 * @param {{requests:number, log:string[]}} o.proxyCounts
 * @param {() => void} o.resetProxy
 * @param {(on: boolean) => void} [o.setThrottled]
 * @param {string} o.clientDir    the built client, for gzip sizes of the scripts and styles loaded
 * @param {number} [o.runs]
 * @param {number} [o.cpuRate]
 * @param {(line: string) => void} [o.log]
 */
export async function measurePages(o) {
  const runs = o.runs ?? 3;
  const cpuRate = o.cpuRate ?? 4;
  const log = o.log ?? (() => {});
  const browser = await launchThroughProxy(o.proxyPort);
  const results = {};
  try {
    for (const urlPath of o.paths) {
      const url = o.origin + urlPath;
      const cold = [];
      const warm = [];
      let offline = null;
      let sizes = null;
      let workerReady = null;
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext(MOBILE);
        await context.addInitScript(OBSERVE);
        const page = await openPage(context, cpuRate);
        const loaded = [];
        let loadFired = false;
        page.on('load', () => {
          loadFired = true;
        });
        page.on('requestfinished', async (request) => {
          const response = await request.response().catch(() => null);
          if (!response) return;
          const type = request.resourceType();
          let bytes = 0;
          if (type === 'image') bytes = (await response.body().catch(() => Buffer.alloc(0))).length;
          loaded.push({ url: request.url(), type, bytes, beforeLoad: !loadFired });
        });
        await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
        await waitForContent(page);
        await settle(page);
        const metrics = await readMetrics(page);
        cold.push(metrics);
        log(
          `  ${urlPath} cold #${run + 1}: LCP ${metrics.lcp} ms (${metrics.lcpElement}) FCP ${metrics.fcp} CLS ${metrics.cls} TBT ${metrics.tbt}`,
        );
        if (run === 0) {
          // each file once: a stylesheet the page enables after its scripts is asked for again (from the cache)
          const critical = [
            ...new Map(
              loaded.filter((r) => r.beforeLoad && new URL(r.url).pathname.startsWith('/assets/')).map((r) => [new URL(r.url).pathname, r]),
            ).values(),
          ];
          const js = critical.filter((r) => r.type === 'script' || r.url.endsWith('.js'));
          const css = critical.filter((r) => r.type === 'stylesheet' || r.url.endsWith('.css'));
          const images = loaded.filter((r) => r.type === 'image');
          const largest = images.reduce((best, r) => (r.bytes > (best?.bytes ?? -1) ? r : best), null);
          sizes = {
            jsGzip: js.reduce((n, r) => n + gzipSizeOf(o.clientDir, new URL(r.url).pathname), 0),
            jsFiles: js.length,
            cssGzip: css.reduce((n, r) => n + gzipSizeOf(o.clientDir, new URL(r.url).pathname), 0),
            largestImage: largest?.bytes ?? 0,
            largestImageUrl: largest ? new URL(largest.url).pathname : '',
          };

          // The worker on the visitor's own slow link: from the first page's load event,
          // still throttled, until the worker is active, i.e. its precache is complete (workbox's
          // install finishes with the precache). Target: at most 15 s at 400 kbps / 400 ms.
          const readyAt = await page
            .evaluate(async () => {
              const registration = await navigator.serviceWorker.ready;
              const worker = registration.active;
              if (worker && worker.state !== 'activated') {
                await new Promise((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve(null)));
              }
              const load = performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? 0;
              return { afterLoad: Math.round(performance.now() - load), active: !!registration.active };
            })
            .catch(() => null);
          const ready = !!readyAt?.active;
          workerReady = readyAt ? readyAt.afterLoad : null;
          log(`  ${urlPath} worker ready (precache complete), throttled: ${workerReady ?? 'never'} ms after the load event`);
          // let the first page finish persisting its query cache
          await page.waitForTimeout(2500);
          if (ready) {
            for (let w = 0; w < runs; w++) {
              const again = await openPage(context, cpuRate);
              await again.goto(url, { waitUntil: 'load', timeout: 120_000 });
              await waitForContent(again);
              await settle(again, 800, 10_000);
              const m = await readMetrics(again);
              warm.push(m);
              log(
                `  ${urlPath} ${w === 0 ? 'first return' : `warm #${w + 1}`}: LCP ${m.lcp} ms (${m.lcpElement}) FCP ${m.fcp} CLS ${m.cls} TBT ${m.tbt}`,
              );
              await again.close();
            }
            // Offline repeat: the device has no network; nothing may reach the server.
            await context.setOffline(true);
            o.resetProxy();
            const off = await openPage(context, cpuRate);
            try {
              await off.goto(url, { waitUntil: 'load', timeout: 30_000 });
              await waitForContent(off, 15_000);
              await settle(off, 800, 8_000);
              const m = await readMetrics(off);
              offline = { ...m, ...serverHits(o.proxyCounts.log, o.origin) };
            } catch (error) {
              offline = { rendered: false, ...serverHits(o.proxyCounts.log, o.origin), error: String(error).split('\n')[0] };
            }
            log(`  ${urlPath} offline: rendered ${offline.rendered}, server hits ${offline.serverHits} ${offline.hitLog?.join(' ') ?? ''}`);
            await context.setOffline(false);
          } else {
            log(`  ${urlPath}: no service worker became active`);
          }
        }
        await context.close();
      }
      // warm = the FIRST return visit (a new tab once the worker is ready), not a median of several tabs:
      // that is the visit a returning visitor makes; the later tabs are in warmRuns
      results[urlPath] = {
        sizes,
        cold: medianOf(cold),
        warm: warm[0] ?? null,
        warmMedian: medianOf(warm),
        workerReadyMs: workerReady,
        offline,
        coldRuns: cold,
        warmRuns: warm,
      };
    }
  } finally {
    await browser.close();
  }
  return results;
}

// Collects Event Timing entries (every interaction's input delay + processing + presentation).
export const OBSERVE_EVENTS = () => {
  window.__events = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.interactionId) window.__events.push({ name: entry.name, start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch {
    // no Event Timing in this browser: no figure
  }
};

/**
 * A function that runs an action on `page` and records in `results[name]` the longest interaction it caused
 * (Event Timing, collected by OBSERVE_EVENTS), or null when it caused none; an action that fails is logged
 * and left out.
 */
export function interactionMeter(page, results, log) {
  return async (name, act) => {
    const since = await page.evaluate(() => performance.now());
    try {
      await act();
    } catch (error) {
      log(`  INP ${name}: not measured (${String(error).split('\n')[0]})`);
      return;
    }
    await page.waitForTimeout(1500);
    const events = await page.evaluate((t) => window.__events.filter((e) => e.start >= t), since);
    const worst = events.reduce((max, e) => Math.max(max, e.duration), 0);
    results[name] = events.length ? Math.round(worst) : null;
    log(
      `  INP ${name}: ${results[name] ?? 'no interaction entry'} ms (${events.map((e) => `${e.name} ${Math.round(e.duration)}`).join(', ')})`,
    );
  };
}

/**
 * INP of the firm page's interactions: a signed-in visitor on a hydrated page, 4x CPU,
 * taps Follow, Save and the section bar's links; each figure is the longest interaction (Event Timing
 * `duration`: input delay, handlers and the next paint) the action caused. Target: under 200 ms.
 * @param {object} o
 * @param {string} o.origin
 * @param {string} o.path        the firm page
 * @param {{email: string, password: string}} o.login
 * @param {number} [o.cpuRate]
 * @param {(line: string) => void} [o.log]
 */
export async function measureInteractions(o) {
  const log = o.log ?? (() => {});
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  const results = {};
  try {
    const context = await browser.newContext({ ...MOBILE, baseURL: o.origin });
    await context.addInitScript(OBSERVE_EVENTS);
    const login = await context.request.post('/api/iam/login/email', { data: o.login, headers: { origin: o.origin } });
    if (!login.ok()) throw new Error(`INP: login failed (${login.status()})`);
    const page = await openPage(context, o.cpuRate ?? 4);
    await page.goto(o.path, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(() => !('$_TSR' in window), undefined, { timeout: 60_000 }).catch(() => {});
    await settle(page, 1000, 20_000);
    const measure = interactionMeter(page, results, log);
    const follow = page.getByRole('button', { name: /^(Follow|Following)/ }).first();
    await measure('follow', () => follow.click({ timeout: 10_000 }));
    await measure('unfollow', () => follow.click({ timeout: 10_000 }));
    const save = page.getByTestId('saved-toggle').first();
    await measure('save', () => save.click({ timeout: 10_000 }));
    const links = page.locator('[data-testid="section-bar"] a');
    const count = Math.min(await links.count(), 3);
    for (let i = count - 1; i >= 0; i--) await measure(`tab ${i + 1}`, () => links.nth(i).click({ timeout: 10_000 }));
    await context.close();
  } finally {
    await browser.close();
  }
  const values = Object.values(results).filter((v) => typeof v === 'number');
  return { ...results, worst: values.length ? Math.max(...values) : null };
}
