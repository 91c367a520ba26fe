import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { FIXTURE_NOW, insertMarketplace } from '../../testing/marketplace-fixtures';
import type { PageView } from '../../../shared/page-views';

// f1 (CafeLumiere) keeps its days in Paris, two hours ahead of UTC in June; the clock moves per test.
let now = FIXTURE_NOW;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock: () => now });
  await insertMarketplace(ctx.deps.db);
});
afterAll(() => ctx?.close());

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** Sends a view as a browser would, or as `userAgent` (null: without one). */
const send = (view: PageView | Record<string, unknown>, userAgent: string | null = BROWSER) =>
  ctx.request('/api/public/page-views', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(userAgent ? { 'User-Agent': userAgent } : {}) },
    body: JSON.stringify(view),
  });

const rows = (firmId = 'f1') =>
  ctx.deps.db
    .selectFrom('page_view_days')
    .select(['day', 'kind', 'item_id', 'views', 'scans'])
    .where('firm_id', '=', firmId)
    .orderBy('day')
    .orderBy('kind')
    .orderBy('item_id')
    .execute();

describe('the page-view beacon', () => {
  it('adds one to the day’s row of the page seen, on the firm’s calendar, whatever the case of the username', async () => {
    now = new Date('2026-06-10T21:30:00.000Z'); // 23:30 in Paris: still 10 June
    expect((await send({ kind: 'firm', key: 'CafeLumiere' })).status).toBe(204);
    expect((await send({ kind: 'firm', key: 'cafelumiere' })).status).toBe(204);
    expect((await send({ kind: 'event', key: 'evte1xx' })).status).toBe(204);
    now = new Date('2026-06-10T22:30:00.000Z'); // 00:30 in Paris: 11 June
    expect((await send({ kind: 'dish', key: 'item0001' })).status).toBe(204);
    expect((await send({ kind: 'post', key: 'blogb1xx' })).status).toBe(204);
    expect(await rows()).toEqual([
      { day: '2026-06-10', kind: 'event', item_id: 'e1', views: 1, scans: 0 },
      { day: '2026-06-10', kind: 'firm', item_id: 'f1', views: 2, scans: 0 },
      { day: '2026-06-11', kind: 'dish', item_id: 'i1', views: 1, scans: 0 },
      { day: '2026-06-11', kind: 'post', item_id: 'b1', views: 1, scans: 0 },
    ]);
    // the product page names its own firm (f3)
    expect((await send({ kind: 'product', key: 'prod0001' })).status).toBe(204);
    expect(await rows('f3')).toEqual([{ day: '2026-06-11', kind: 'product', item_id: 'p1', views: 1, scans: 0 }]);
  });

  it('counts a visit from the printed code as a view and a scan', async () => {
    now = new Date('2026-06-12T10:00:00.000Z');
    expect((await send({ kind: 'firm', key: 'nightowl', source: 'qr' })).status).toBe(204);
    expect((await send({ kind: 'firm', key: 'nightowl' })).status).toBe(204);
    expect(await rows('f2')).toEqual([{ day: '2026-06-12', kind: 'firm', item_id: 'f2', views: 2, scans: 1 }]);
  });

  it('answers robots and clients without a user agent, and counts nothing of theirs', async () => {
    now = new Date('2026-06-13T10:00:00.000Z');
    const bots = ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'curl/8.5.0', 'facebookexternalhit/1.1'];
    for (const agent of [...bots, null]) expect((await send({ kind: 'event', key: 'evte1xx' }, agent)).status).toBe(204);
    expect((await rows()).filter((row) => row.day === '2026-06-13')).toEqual([]);
  });

  it('counts one visitor at most ten times a page in ten minutes, other pages still counting', async () => {
    now = new Date('2026-06-14T10:00:00.000Z');
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await send({ kind: 'post', key: 'blogb2xx' })).status);
    expect(statuses.filter((status) => status === 204)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await send({ kind: 'dish', key: 'item0002' })).status).toBe(204);
    expect((await rows()).filter((row) => row.day === '2026-06-14')).toEqual([
      { day: '2026-06-14', kind: 'dish', item_id: 'i2', views: 1, scans: 0 },
      { day: '2026-06-14', kind: 'post', item_id: 'b2', views: 10, scans: 0 },
    ]);
    // ten minutes later the page counts again
    now = new Date('2026-06-14T10:10:01.000Z');
    expect((await send({ kind: 'post', key: 'blogb2xx' })).status).toBe(204);
  });

  it('refuses a page that does not exist or a firm that is not public, and a malformed view', async () => {
    now = new Date('2026-06-15T10:00:00.000Z');
    await ctx.deps.db.updateTable('firms').set({ status_code: 0 }).where('id', '=', 'f3').execute();
    expect((await send({ kind: 'firm', key: 'nobody-here' })).status).toBe(404);
    expect((await send({ kind: 'firm', key: 'pages' })).status).toBe(404);
    expect((await send({ kind: 'event', key: 'evte2xx-nope' })).status).toBe(404);
    expect((await send({ kind: 'shop', key: 'x' })).status).toBe(400);
    expect((await send({ kind: 'firm', key: 'CafeLumiere', source: 'poster' })).status).toBe(400);
    expect((await rows('f3')).filter((row) => row.day === '2026-06-15')).toEqual([]);
  });

  it('does not empty the public caches (a view changes nothing a visitor sees)', async () => {
    now = new Date('2026-06-16T10:00:00.000Z');
    let clears = 0;
    ctx.deps.invalidation.register(() => (clears += 1));
    expect((await send({ kind: 'firm', key: 'CafeLumiere' })).status).toBe(204);
    expect(clears).toBe(0);
  });

  it('is told of scans by the printed code, which opens the firm page with the source marker', async () => {
    const printed = await ctx.request('/api/public/firms/u/CafeLumiere/qr.svg');
    expect(printed.status).toBe(200);
    const expected = await QRCode.toString(`${ctx.deps.env.publicUrl}/CafeLumiere?src=qr`, {
      type: 'svg',
      margin: 2,
      errorCorrectionLevel: 'M',
      color: { dark: '#1c1b19', light: '#ffffff' },
    });
    expect(await printed.text()).toBe(expected);
  });
});
