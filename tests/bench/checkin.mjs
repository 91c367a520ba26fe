// The door's budgets: an event's ticket list for a check-in device (5,000 tickets) downloads in
// under 300 KB compressed, and a scan is decided on the device in under 50 ms at 4x CPU slowdown.
import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { chromium } from 'playwright-core';

const MOBILE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/**
 * Gives an event of the owner's `count` paid tickets, held in turn by every member of the demo
 * seed (varied names and random ids compress as real ones do), written straight into the
 * server's SQLite database (WAL: the running server reads them at once).
 */
function seedTickets(dataDir, ownerEmail, count) {
  const db = new Database(path.join(dataDir, 'souk.db'));
  try {
    const event = db
      .prepare(
        `select e.id, e.short_id as shortId, e.firm_id as firmId, f.name as firmName, c.id as categoryId
         from events e join firms f on f.id = e.firm_id join employments m on m.firm_id = e.firm_id
         join users u on u.id = m.user_id join ticket_categories c on c.event_id = e.id
         where u.email = ? and m.user_role = 'OWNER' order by e.start_date_time desc limit 1`,
      )
      .get(ownerEmail);
    if (!event) throw new Error(`check-in bench: ${ownerEmail} owns no event with a ticket tier`);
    const owner = db.prepare('select id, first_name as first, last_name as last from users where email = ?').get(ownerEmail);
    const holders = db.prepare('select id from users').all();
    const at = new Date().toISOString();
    const orderId = `bench-door-${crypto.randomBytes(4).toString('hex')}`;
    const ticket = db.prepare(
      `insert into tickets (id, order_id, event_id, category_id, holder_id, code, status, transferred_from, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, 'active', null, ?, ?)`,
    );
    db.transaction(() => {
      db.prepare(
        `insert into orders (id, reference, buyer_id, firm_id, kind, event_id, status, currency, total_minor, hold_expires_at,
           idempotency_key, request_hash, language, created_at, updated_at, paid_at)
         values (?, ?, ?, ?, 'tickets', ?, 'paid', 'EUR', 0, null, ?, 'bench', 'en', ?, ?, ?)`,
      ).run(orderId, `SK-B${crypto.randomBytes(3).toString('hex').toUpperCase()}`, owner.id, event.firmId, event.id, orderId, at, at, at);
      for (let i = 0; i < count; i += 1) {
        const holder = holders[i % holders.length].id;
        ticket.run(crypto.randomUUID(), orderId, event.id, event.categoryId, holder, crypto.randomBytes(16).toString('base64url'), at, at);
      }
    })();
    return { ...event, holderName: `${owner.first} ${owner.last}`.trim() };
  } finally {
    db.close();
  }
}

/** The list's bytes on the wire with a browser's Accept-Encoding, and unpacked. */
function listSize(origin, eventId, cookie) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${origin}/api/dashboard/checkin/events/${eventId}/list`,
      { headers: { cookie, 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) return reject(new Error(`check-in list: HTTP ${response.statusCode}`));
          resolve({ wire: Buffer.concat(chunks).length, encoding: response.headers['content-encoding'] ?? 'identity' });
        });
      },
    );
    request.on('error', reject);
  });
}

/** Clicks the `index`th found ticket's button and answers how long until the verdict on screen changed. */
function timedScan(page, index) {
  return page.evaluate(
    (i) =>
      new Promise((resolve) => {
        const kind = () => document.querySelector('[data-testid="verdict"]')?.getAttribute('data-kind') ?? null;
        const before = kind();
        const button = document.querySelectorAll('form[role="search"] li button')[i];
        let start = 0;
        const observer = new MutationObserver(() => {
          const now = kind();
          if (now === before) return;
          observer.disconnect();
          resolve({ kind: now, ms: performance.now() - start });
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-kind'] });
        start = performance.now();
        button.click();
      }),
    index,
  );
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * @param {object} o
 * @param {string} o.origin
 * @param {string} o.dataDir   the server's DATA_DIR
 * @param {{email: string, password: string}} o.login   an owner of an event with a ticket tier
 * @param {number} [o.tickets]
 * @param {number} [o.cpuRate]
 * @param {(line: string) => void} [o.log]
 */
export async function measureCheckin(o) {
  const log = o.log ?? (() => {});
  const event = seedTickets(o.dataDir, o.login.email, o.tickets ?? 5000);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ ...MOBILE, baseURL: o.origin });
    const login = await context.request.post('/api/iam/login/email', { data: o.login, headers: { origin: o.origin } });
    if (!login.ok()) throw new Error(`check-in bench: login failed (${login.status()})`);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const list = await listSize(o.origin, event.id, cookie);
    const tickets = (await (await context.request.get(`/api/dashboard/checkin/events/${event.id}/list`)).json()).tickets.length;
    log(`check-in list: ${tickets} tickets, ${(list.wire / 1024).toFixed(1)} KB on the wire (${list.encoding}), budget 300 KB`);

    const page = await context.newPage();
    await page.goto(`/workspace/events/${event.shortId}/check-in`, { timeout: 120_000 });
    const chooser = page.getByRole('alertdialog', { name: 'Choose a business' });
    const counts = page.getByTestId('door-counts');
    await chooser.or(counts).first().waitFor({ timeout: 60_000 });
    if (await chooser.isVisible()) await chooser.getByRole('button', { name: event.firmName }).first().click();
    await counts.waitFor({ timeout: 60_000 });
    // the decision alone: offline, no upload waits in it
    await context.setOffline(true);
    await page.getByText('Offline', { exact: false }).first().waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: o.cpuRate ?? 4 });
    await page.getByRole('searchbox').fill(event.holderName);
    await page.locator('form[role="search"] li button').nth(4).waitFor();
    // the first scan of a session also wakes the page (compiled code, the first IndexedDB write, audio): apart
    const first = await timedScan(page, 0);
    // the same ticket again, so that the next admission changes what the screen shows
    await timedScan(page, 0);
    const scans = [];
    // each ticket admitted, then refused as already used: every scan changes the verdict on screen
    for (let i = 1; i < 5; i += 1) for (let again = 0; again < 2; again += 1) scans.push(await timedScan(page, i));
    const times = scans.map((scan) => Math.round(scan.ms * 10) / 10);
    const result = {
      tickets,
      listWireBytes: list.wire,
      listEncoding: list.encoding,
      scanMsMedian: median(times),
      scanMsWorst: Math.max(...times),
      firstScanMs: Math.round(first.ms),
      scans: scans.map((scan, i) => `${scan.kind} ${times[i]}`),
    };
    log(
      `check-in scan at ${o.cpuRate ?? 4}x CPU, offline (ms, budget 50): median ${result.scanMsMedian}, worst ${result.scanMsWorst} (${result.scans.join(', ')}); the session's first ${result.firstScanMs}`,
    );
    await context.close();
    return result;
  } finally {
    await browser.close();
  }
}
