// The counter section: the till and the kitchen board on a tablet at 4x CPU slowdown. INP of adding an
// item at the till and of the kitchen's bumps (Event Timing, as the firm page's INP), and the board with
// 60 open tickets while more arrive over the live stream: its frames (requestAnimationFrame gaps) and
// long animation frames. Budgets: under 100 ms for the taps, no dropped frame. Method: tests/bench/README.md.
import { chromium } from 'playwright-core';
import { interactionMeter, OBSERVE_EVENTS, openPage } from './browser.mjs';
import { oneDishCashSale } from './till-sale.mjs';

const TABLET = { viewport: { width: 1024, height: 768 }, deviceScaleFactor: 2, hasTouch: true, locale: 'en-US' };
const OPEN_TICKETS = 60;
const ARRIVING = 8;

// Runs before any script of the board: every frame's time and the long animation frames (over 50 ms).
const OBSERVE_FRAMES = () => {
  const frames = { times: [], long: [], recording: false };
  window.__frames = frames;
  const tick = (time) => {
    if (frames.recording) frames.times.push(time);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  try {
    new PerformanceObserver((list) => {
      if (frames.recording) for (const entry of list.getEntries()) frames.long.push(Math.round(entry.duration));
    }).observe({ type: 'long-animation-frame' });
  } catch {
    // no Long Animation Frames in this browser: the frame gaps alone
  }
};

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/**
 * @param {{origin: string, cpuRate?: number, log?: (line: string) => void}} o
 *   the server has the demo seed: Layla runs Café Dar Nour (its till sells dishes, which go to the kitchen)
 */
export async function measureCounter(o) {
  const log = o.log ?? (() => {});
  const login = await fetch(`${o.origin}/api/iam/login/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: o.origin },
    body: JSON.stringify({ email: 'layla@souk.test', password: 'souk-demo-2025' }),
  });
  if (!login.ok) throw new Error(`counter: login failed (${login.status})`);
  const cookies = login.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  const headers = { cookie: cookies.join('; '), origin: o.origin, 'content-type': 'application/json' };
  const firm = await (await fetch(`${o.origin}/api/public/firms/u/dar-nour`)).json();
  const catalogue = await (await fetch(`${o.origin}/api/dashboard/till?firmId=${firm.id}`, { headers })).json();
  const dishes = catalogue.groups.flatMap((group) => group.items).filter((item) => item.kind === 'menu_item' && item.available);
  if (!dishes.length) throw new Error('counter: Dar Nour has no dish at the till');
  const sell = async (n) => {
    const dish = dishes[n % dishes.length];
    const response = await fetch(`${o.origin}/api/dashboard/till/sales?firmId=${firm.id}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(oneDishCashSale(dish, catalogue.currency)),
    });
    if (!response.ok) throw new Error(`counter: a till sale answered ${response.status}: ${await response.text()}`);
  };

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  const results = { till: {}, kitchen: {} };
  try {
    const context = await browser.newContext({ ...TABLET, baseURL: o.origin });
    await context.addCookies(
      cookies.map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name, value: value.join('='), url: o.origin };
      }),
    );
    await context.addInitScript(OBSERVE_EVENTS);
    await context.addInitScript(OBSERVE_FRAMES);
    const page = await openPage(context, o.cpuRate ?? 4);
    const open = async (path, ready) => {
      await page.goto(path, { timeout: 120_000 });
      const chooser = page.getByRole('alertdialog', { name: 'Choose a business' });
      await chooser.or(ready).first().waitFor({ timeout: 60_000 });
      if (await chooser.isVisible()) {
        await chooser.getByRole('button', { name: firm.name }).click();
        await page.goto(path, { timeout: 120_000 });
      }
      await ready.waitFor({ timeout: 60_000 });
      await page.waitForTimeout(1500);
    };

    log('  counter: the till, adding items…');
    await open('/workspace/pos', page.getByTestId('till-items'));
    const measureTill = interactionMeter(page, results.till, log);
    for (let tap = 0; tap < 5; tap += 1) {
      const name = dishes[tap % dishes.length].name;
      await measureTill(`add ${tap + 1}`, () =>
        page
          .getByRole('button', { name: `Add ${name} `, exact: false })
          .first()
          .tap({ timeout: 10_000 }),
      );
    }

    log(`  counter: the kitchen board with ${OPEN_TICKETS} open tickets…`);
    const board = await (await fetch(`${o.origin}/api/dashboard/kitchen?firmId=${firm.id}`, { headers })).json();
    for (let n = board.tickets.length; n < OPEN_TICKETS; n += 1) await sell(n);
    const tickets = page.getByTestId('kitchen-ticket');
    await open('/workspace/kitchen', tickets.first());
    const shown = await tickets.count();
    await page.evaluate(() => (window.__frames.recording = true));
    const started = Date.now();
    for (let n = 0; n < ARRIVING; n += 1) {
      await sell(OPEN_TICKETS + n);
      await page.waitForTimeout(750);
    }
    await page.waitForFunction((count) => document.querySelectorAll('[data-testid="kitchen-ticket"]').length >= count, shown + ARRIVING, {
      timeout: 30_000,
    });
    await page.waitForTimeout(1000);
    const frames = await page.evaluate(() => {
      window.__frames.recording = false;
      return { times: window.__frames.times, long: window.__frames.long };
    });
    const gaps = frames.times
      .slice(1)
      .map((time, i) => time - frames.times[i])
      .sort((a, b) => a - b);
    const budget = 1000 / 60;
    const dropped = gaps.reduce((sum, gap) => sum + Math.max(0, Math.round(gap / budget) - 1), 0);
    results.kitchen.board = {
      ticketsShown: shown,
      arrived: ARRIVING,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      frames: frames.times.length,
      droppedFrames: dropped,
      frameGapP50: Math.round(percentile(gaps, 0.5) * 10) / 10,
      frameGapP99: Math.round(percentile(gaps, 0.99) * 10) / 10,
      frameGapMax: Math.round(gaps.at(-1) * 10) / 10,
      longAnimationFrames: frames.long.length,
      longestAnimationFrame: frames.long.length ? Math.max(...frames.long) : 0,
    };
    log(`  counter: board ${JSON.stringify(results.kitchen.board)}`);

    const measureKitchen = interactionMeter(page, results.kitchen, log);
    const first = tickets.first();
    await measureKitchen('start', () => first.getByRole('button', { name: 'Start' }).click({ timeout: 10_000 }));
    await measureKitchen('bump ready', () => first.getByRole('button', { name: 'Bump: ready' }).click({ timeout: 10_000 }));
    await context.close();
  } finally {
    await browser.close();
  }
  const worst = (entries) => {
    const values = Object.values(entries).filter((value) => typeof value === 'number');
    return values.length ? Math.max(...values) : null;
  };
  return {
    tillAddWorst: worst(results.till),
    kitchenBumpWorst: worst({ start: results.kitchen.start, ready: results.kitchen['bump ready'] }),
    ...results,
  };
}

/** The section's lines for the printed summary. */
export function counterTable(counter) {
  const board = counter.kitchen.board;
  return [
    `Counter (till and kitchen board), tablet, 4x CPU (budget: taps under 100 ms INP, no dropped frame on the board)`,
    `| till: add an item (worst of ${Object.keys(counter.till).length}) | kitchen: start / bump ready | board: tickets shown + arrived | frames | dropped | gap p50/p99/max ms | long animation frames (longest ms) |`,
    '| --- | --- | --- | --- | --- | --- | --- |',
    `| ${counter.tillAddWorst ?? '–'} ms | ${counter.kitchen.start ?? '–'} / ${counter.kitchen['bump ready'] ?? '–'} ms | ${board.ticketsShown} + ${board.arrived} | ${board.frames} | ${board.droppedFrames} | ${board.frameGapP50}/${board.frameGapP99}/${board.frameGapMax} | ${board.longAnimationFrames} (${board.longestAnimationFrame}) |`,
  ].join('\n');
}
