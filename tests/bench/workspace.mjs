// The owner's side: the workspace's first load on a mid phone, Lighthouse (desktop) on its pages, and
// typing in an editor. A demo owner (Dar Nour's) signed in; method in tests/bench/README.md ("workspace").
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { gzipSizeOf, launchThroughProxy, medianOf, MOBILE, OBSERVE, OBSERVE_EVENTS, openPage, settle } from './browser.mjs';
import { scoresOf } from './lighthouse.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** where the app keeps the selected firm (lib/signed-storage.ts STORAGE_KEYS.selectedFirm) */
const SELECTED_FIRM_KEY = 'selected_firm';
/** PageSpinner's markup (components/feedback/page-spinner.tsx): a route or its data still on the way */
const SPINNER = '[role="status"][aria-live="polite"]';

/**
 * Ready: a client-rendered page has no router state to watch for (the server renders only public pages), so it is
 * the first frame in which the page's main heading has its text and no spinner is left in the document: the
 * route's chunks, its translations and its first data are in, and the page has painted them. Polled with
 * requestAnimationFrame, whose callbacks run only when the main thread is free, so the figure includes
 * the long task that renders the page. For an editor, its name field must be there as well.
 */
const WATCH_READY = (spinner) => {
  const watch = () => {
    const heading = document.querySelector('main h1');
    const editorWanted = location.pathname.startsWith('/workspace/menu/item/');
    const ready =
      heading &&
      (heading.textContent ?? '').trim().length > 0 &&
      !document.querySelector(spinner) &&
      (!editorWanted || document.querySelector('#item-name'));
    if (ready && window.__perf) window.__perf.ready = performance.now();
    else requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
};

/** The localStorage of a device that remembers the owner's firm, and nothing else. */
const REMEMBER_FIRM = ([key, value]) => {
  try {
    if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
  } catch {
    // about:blank and the like have no storage
  }
};

/**
 * Signs the owner in unthrottled, opens the workspace once, picks Dar Nour when asked (the owner has two firms), and
 * reads what the device keeps of that choice and the ids of a menu item to edit.
 */
async function prepare(browser, o) {
  const context = await browser.newContext({ ...MOBILE, baseURL: o.origin });
  try {
    await signIn(context, o);
    const page = await context.newPage();
    await page.goto('/workspace/home');
    const choice = page.getByRole('button', { name: new RegExp(o.firmName) });
    const heading = page.locator('main h1');
    await Promise.race([choice.waitFor({ timeout: 60_000 }), heading.waitFor({ timeout: 60_000 })]);
    if (await choice.isVisible()) await choice.click();
    await heading.waitFor({ timeout: 60_000 });
    const remembered = await page.evaluate((key) => localStorage.getItem(key), SELECTED_FIRM_KEY);
    if (!remembered) throw new Error('workspace: the selected firm was not kept');
    // the firm's menus as the menu page reads them: the first item is the one to edit
    const menus = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/dashboard/menus', { timeout: 60_000 });
    await page.goto('/workspace/menu');
    const itemId = (await (await menus).json()).menus.flatMap((menu) => menu.sections.flatMap((section) => section.items))[0]?.id;
    if (!itemId) throw new Error(`workspace: ${o.firmName} has no menu item`);
    return { remembered, itemPath: `/workspace/menu/item/${itemId}` };
  } finally {
    await context.close();
  }
}

async function signIn(context, o) {
  const login = await context.request.post('/api/iam/login/email', { data: o.login, headers: { origin: o.origin } });
  if (!login.ok()) throw new Error(`workspace: login failed (${login.status()})`);
}

/**
 * Cold loads (a fresh context: no cache, no worker, no saved queries; the device remembers the firm) at
 * `cpuRate` through the throttling proxy. Sizes: gzip of every script under /assets/ fetched until ready.
 */
async function measureLoads(o, prepared, paths) {
  const browser = await launchThroughProxy(o.proxyPort);
  const results = {};
  try {
    for (const urlPath of paths) {
      const runs = [];
      for (let run = 0; run < o.runs; run++) {
        const context = await browser.newContext({ ...MOBILE, baseURL: o.origin });
        await signIn(context, o);
        await context.addInitScript(REMEMBER_FIRM, [SELECTED_FIRM_KEY, prepared.remembered]);
        await context.addInitScript(OBSERVE);
        await context.addInitScript(WATCH_READY, SPINNER);
        const page = await openPage(context, o.cpuRate);
        const scripts = new Set();
        page.on('requestfinished', (request) => {
          const url = new URL(request.url());
          if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) scripts.add(url.pathname);
        });
        await page.goto(urlPath, { waitUntil: 'load', timeout: 120_000 });
        await page.waitForFunction(() => window.__perf?.ready > 0, undefined, { timeout: 60_000, polling: 100 }).catch(() => {});
        const jsBeforeReady = [...scripts];
        await settle(page, 1000, 15_000);
        const m = await page.evaluate(() => {
          const perf = window.__perf;
          const firstByte = performance.getEntriesByType('navigation')[0]?.responseStart ?? 0;
          const tbt = perf.longTasks.filter(([start]) => start >= perf.fcp).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
          return {
            interactive: perf.ready ? Math.round(perf.ready - firstByte) : null,
            lcp: Math.round(perf.lcp),
            fcp: Math.round(perf.fcp),
            tbt: Math.round(tbt),
            cls: Math.round(perf.cls * 1000) / 1000,
            lcpElement: perf.lcpElement,
          };
        });
        const jsGzip = jsBeforeReady.reduce((n, file) => n + gzipSizeOf(o.clientDir, file), 0);
        runs.push({ ...m, jsGzip, jsFiles: jsBeforeReady.length });
        o.log(
          `  ${urlPath} cold #${run + 1} (load ${o.load()}): interactive ${m.interactive ?? 'never'} ms, LCP ${m.lcp} (${m.lcpElement}), ` +
            `FCP ${m.fcp}, TBT ${m.tbt}, JS ${(jsGzip / 1024).toFixed(1)} KB gz in ${jsBeforeReady.length} files`,
        );
        await context.close();
      }
      results[urlPath] = { cold: medianOf(runs), coldRuns: runs };
    }
  } finally {
    await browser.close();
  }
  return results;
}

/**
 * Lighthouse with its desktop preset, signed in: the session cookie and the remembered firm are in the profile
 * (cookies and localStorage are not among what Lighthouse clears before a run; the HTTP cache, the worker and
 * Cache Storage are). Before each run the page's storage goes back to the remembered firm alone, so no saved
 * query makes the run warm.
 */
async function desktopLighthouse(o, prepared, paths) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const scores = {};
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0];
    const page = await context.newPage();
    const resetStorage = async () => {
      await page.goto(`${o.origin}/manifest.webmanifest`);
      await page.evaluate(
        async ({ login, key, value }) => {
          localStorage.clear();
          localStorage.setItem(key, value);
          const response = await fetch('/api/iam/login/email', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(login),
          });
          if (!response.ok) throw new Error(`login ${response.status}`);
        },
        { login: o.login, key: SELECTED_FIRM_KEY, value: prepared.remembered },
      );
      await page.goto('about:blank');
    };
    for (const urlPath of paths) {
      const runs = [];
      for (let run = 0; run < o.runs; run++) {
        await resetStorage();
        const result = await lighthouse(
          o.origin + urlPath,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          },
          desktopConfig,
        );
        if (process.env.BENCH_LH_DIR) {
          fs.mkdirSync(process.env.BENCH_LH_DIR, { recursive: true });
          fs.writeFileSync(path.join(process.env.BENCH_LH_DIR, `desktop${urlPath.replace(/\W+/g, '_')}.json`), JSON.stringify(result.lhr));
        }
        const landed = new URL(result.lhr.finalDisplayedUrl).pathname;
        if (landed !== urlPath) throw new Error(`lighthouse ${urlPath} ended on ${landed} (not signed in?)`);
        runs.push(scoresOf(result.lhr));
        o.log(`  lighthouse desktop ${urlPath} #${run + 1} (load ${o.load()}): ${JSON.stringify(runs.at(-1))}`);
      }
      scores[urlPath] = { ...medianOf(runs), failing: runs.flatMap((r) => r.failing).filter((v, i, all) => all.indexOf(v) === i) };
    }
    await browser.close();
  } finally {
    await chrome.kill();
  }
  return scores;
}

/**
 * INP while typing: the editor open and settled at `cpuRate` (no network throttling: typing sends nothing), a line
 * typed into the name field, then into the description, a key every 120 ms as a quick typist does. Each figure is the
 * longest Event Timing entry (input delay, handlers, the next paint) of that field's interactions.
 */
async function measureTyping(o, prepared, editorPath) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  const runs = [];
  try {
    for (let run = 0; run < o.runs; run++) {
      const context = await browser.newContext({ ...MOBILE, baseURL: o.origin });
      await signIn(context, o);
      await context.addInitScript(REMEMBER_FIRM, [SELECTED_FIRM_KEY, prepared.remembered]);
      await context.addInitScript(OBSERVE_EVENTS);
      const page = await openPage(context, o.cpuRate);
      await page.goto(editorPath, { waitUntil: 'load', timeout: 120_000 });
      await page.locator('#item-name').waitFor({ timeout: 60_000 });
      await settle(page, 1000, 15_000);
      const figures = {};
      for (const [name, field, text] of [
        ['name', '#item-name', ' with fresh mint'],
        ['description', '#item-description', ' Served warm, with a glass of water.'],
      ]) {
        const input = page.locator(field);
        await input.click();
        await input.press('End');
        await page.waitForTimeout(500);
        const since = await page.evaluate(() => performance.now());
        await input.pressSequentially(text, { delay: 120 });
        await page.waitForTimeout(1000);
        const events = await page.evaluate((t) => window.__events.filter((e) => e.start >= t), since);
        const keys = events.filter((e) => /^key|input/.test(e.name));
        figures[name] = keys.length ? Math.round(Math.max(...keys.map((e) => e.duration))) : 0;
      }
      runs.push(figures);
      o.log(
        `  typing in ${editorPath} #${run + 1} (load ${o.load()}): worst interaction, name ${figures.name} ms, description ${figures.description} ms`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const median = medianOf(runs);
  return { ...median, worst: Math.max(median.name, median.description), runs };
}

/**
 * @param {object} o
 * @param {string} o.origin
 * @param {number} o.proxyPort     the throttling proxy (1.6 Mbps, 150 ms RTT)
 * @param {string} o.clientDir
 * @param {{email: string, password: string}} o.login   a demo owner
 * @param {string} o.firmName      the owner's firm to open (a pattern of its name)
 * @param {number} o.runs
 * @param {number} o.cpuRate
 * @param {string[]} [o.only]     lighthouse, loads, typing (default all)
 * @param {() => string} o.load   the machine's load, logged with each figure
 * @param {(line: string) => void} o.log
 */
export async function measureWorkspace(o) {
  const only = new Set(o.only ?? ['loads', 'lighthouse', 'typing']);
  const setup = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  let prepared;
  try {
    prepared = await prepare(setup, o);
  } finally {
    await setup.close();
  }
  const paths = ['/workspace/home', '/workspace/orders', prepared.itemPath];
  o.log(`workspace: ${paths.join(', ')}`);
  const results = { paths, runs: o.runs, loads: {}, lighthouse: {}, typing: null };
  if (only.has('loads')) results.loads = await measureLoads(o, prepared, paths);
  if (only.has('lighthouse')) results.lighthouse = await desktopLighthouse(o, prepared, paths);
  if (only.has('typing')) results.typing = await measureTyping(o, prepared, prepared.itemPath);
  return results;
}

/** The section's table (markdown), with the targets. */
export function workspaceTable(w, load) {
  const kb = (bytes) => (bytes == null ? '–' : `${(bytes / 1024).toFixed(1)} KB`);
  const rows = w.paths.map((p) => {
    const cold = w.loads[p]?.cold;
    const lh = w.lighthouse[p];
    return `| ${p.replace(/\/[\w-]{20,}$/, '/{id}')} | ${cold?.interactive ?? '–'} | ${cold?.lcp ?? '–'} | ${cold?.tbt ?? '–'} | ${kb(cold?.jsGzip)} (${cold?.jsFiles ?? '–'} files) | ${lh ? [lh.performance, lh.accessibility, lh.bestPractices, lh.seo].join('/') : '–'} |`;
  });
  return [
    `Workspace (Dar Nour's owner), load ${load}: cold first load, 390x844 mobile, 4x CPU, 1.6 Mbps / 150 ms RTT via proxy, median of ${w.runs}; ` +
      `targets: interactive < 3000 ms, Lighthouse desktop performance >= 90, typing INP < 100 ms`,
    '| page | interactive ms | LCP ms | TBT ms | JS gz until interactive | LH desktop perf/a11y/bp/seo |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    `typing in the editor (INP, worst interaction, median of ${w.runs}): name ${w.typing?.name ?? '–'} ms, description ${w.typing?.description ?? '–'} ms`,
  ].join('\n');
}
