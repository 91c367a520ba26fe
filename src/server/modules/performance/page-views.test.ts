import QRCode from 'qrcode';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { FIXTURE_NOW, insertMarketplace } from '../../testing/marketplace-fixtures';
import type { PageView } from '../../../shared/page-views';
import { createPageViewCounter } from './page-views';

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
const send = (view: PageView | Record<string, unknown>, userAgent: string | null = BROWSER, to: TestContext = ctx) =>
  to.request('/api/public/page-views', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(userAgent ? { 'User-Agent': userAgent } : {}) },
    body: JSON.stringify(view),
  });

/** The counts of a firm's pages, once the views waiting in memory are written. */
const rows = async (firmId = 'f1', of: TestContext = ctx) => {
  await of.deps.pageViews.flush();
  return readRows(firmId, of);
};

const readRows = (firmId: string, of: TestContext = ctx) =>
  of.deps.db
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

/** A counter of its own on the test's database, and the upserts it has sent so far. */
function counterWithWrites(options: Parameters<typeof createPageViewCounter>[1] = {}) {
  // counted once done, so a test that waits for a write may read its rows at once
  const writes = { count: 0 };
  const inserts = new WeakSet<object>();
  const counting: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      if (node.kind === 'InsertQueryNode') inserts.add(queryId);
      return node;
    },
    transformResult: async ({ result, queryId }) => {
      if (inserts.has(queryId)) writes.count += 1;
      return result;
    },
  };
  const counter = createPageViewCounter({ db: ctx.deps.db.withPlugin(counting), clock: () => now, logger: ctx.deps.logger }, options);
  return { counter, writes };
}

describe('views written in batches', () => {
  it('writes a burst of 1,000 views of three pages in one statement, with the same totals', async () => {
    now = new Date('2026-06-20T10:00:00.000Z');
    const { counter, writes } = counterWithWrites();
    const burst: PageView[] = [
      ...Array.from({ length: 600 }, (): PageView => ({ kind: 'firm', key: 'CafeLumiere' })),
      ...Array.from({ length: 100 }, (): PageView => ({ kind: 'firm', key: 'cafelumiere', source: 'qr' })),
      ...Array.from({ length: 200 }, (): PageView => ({ kind: 'dish', key: 'item0001' })),
      ...Array.from({ length: 100 }, (): PageView => ({ kind: 'event', key: 'evte1xx' })),
    ];
    expect(await Promise.all(burst.map((view) => counter.count(view)))).toEqual(burst.map(() => true));
    expect(writes.count).toBe(0);
    await counter.flush();
    expect(writes.count).toBe(1);
    expect(await readRows('f1')).toEqual(
      expect.arrayContaining([
        { day: '2026-06-20', kind: 'dish', item_id: 'i1', views: 200, scans: 0 },
        { day: '2026-06-20', kind: 'event', item_id: 'e1', views: 100, scans: 0 },
        { day: '2026-06-20', kind: 'firm', item_id: 'f1', views: 700, scans: 100 },
      ]),
    );
    // a second batch adds to the stored rows
    await Promise.all([counter.count({ kind: 'firm', key: 'CafeLumiere' }), counter.count({ kind: 'dish', key: 'item0001' })]);
    await counter.close();
    expect(writes.count).toBe(2);
    expect((await readRows('f1')).filter((row) => row.day === '2026-06-20').map((row) => row.views)).toEqual([201, 100, 701]);
  });

  it('writes on its own a couple of seconds after the first view, and at once when many rows wait', async () => {
    now = new Date('2026-06-21T10:00:00.000Z');
    const timed = counterWithWrites({ flushAfterMs: 50 });
    await timed.counter.count({ kind: 'post', key: 'blogb1xx' });
    expect(timed.writes.count).toBe(0);
    await vi.waitFor(() => expect(timed.writes.count).toBe(1));
    expect(await readRows('f1')).toContainEqual({ day: '2026-06-21', kind: 'post', item_id: 'b1', views: 1, scans: 0 });

    const full = counterWithWrites({ flushAfterMs: 3_600_000, flushAtRows: 2 });
    await full.counter.count({ kind: 'post', key: 'blogb2xx' });
    expect(full.writes.count).toBe(0);
    await full.counter.count({ kind: 'dish', key: 'item0002' });
    await vi.waitFor(() => expect(full.writes.count).toBe(1));
    await full.counter.close();
    expect(full.writes.count).toBe(1);
    await timed.counter.close();
  });

  it('writes what waits when the server stops, and every later view at once', async () => {
    now = new Date('2026-06-22T10:00:00.000Z');
    const { counter, writes } = counterWithWrites({ flushAfterMs: 3_600_000 });
    for (let i = 0; i < 5; i++) await counter.count({ kind: 'firm', key: 'CafeLumiere', source: 'qr' });
    expect(await readRows('f1')).not.toContainEqual(expect.objectContaining({ day: '2026-06-22' }));
    await counter.close();
    expect(await readRows('f1')).toContainEqual({ day: '2026-06-22', kind: 'firm', item_id: 'f1', views: 5, scans: 5 });
    // a request that was under way when the server began to stop
    await counter.count({ kind: 'firm', key: 'CafeLumiere' });
    await vi.waitFor(() => expect(writes.count).toBe(2));
    expect(await readRows('f1')).toContainEqual({ day: '2026-06-22', kind: 'firm', item_id: 'f1', views: 6, scans: 5 });
  });

  it('keeps views it could not write for the next write', async () => {
    now = new Date('2026-06-23T10:00:00.000Z');
    let refuse = true;
    const flaky: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (node.kind === 'InsertQueryNode' && refuse) throw new Error('the database is away');
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const logger = { ...ctx.deps.logger, error: vi.fn() } as unknown as typeof ctx.deps.logger;
    const counter = createPageViewCounter({ db: ctx.deps.db.withPlugin(flaky), clock: () => now, logger }, { flushAfterMs: 3_600_000 });
    await counter.count({ kind: 'event', key: 'evte1xx' });
    await counter.flush();
    expect(logger.error).toHaveBeenCalledOnce();
    await counter.count({ kind: 'event', key: 'evte1xx' });
    refuse = false;
    await counter.close();
    expect(await readRows('f1')).toContainEqual({ day: '2026-06-23', kind: 'event', item_id: 'e1', views: 2, scans: 0 });
  });
});

describe('views counted by several server processes', () => {
  it('each limit the visitor on their own, write nothing else per view, and add to the same rows', async () => {
    now = new Date('2026-06-24T10:00:00.000Z');
    const first = await createTestContext({ clock: () => now, scaleOut: true });
    try {
      await insertMarketplace(first.deps.db);
      const second = await first.sibling({ clock: () => now, scaleOut: true });
      const statuses = new Map<typeof first, number[]>([
        [first, []],
        [second, []],
      ]);
      // the same visitor (the same address) on the same page, through one process then the other
      for (let i = 0; i < 11; i++) {
        for (const to of [first, second]) statuses.get(to)!.push((await send({ kind: 'firm', key: 'nightowl' }, BROWSER, to)).status);
      }
      for (const seen of statuses.values()) expect(seen).toEqual([...Array<number>(10).fill(204), 429]);
      // the limit is kept in memory: the shared limits table gets no row a view
      expect(await first.deps.db.selectFrom('rate_limits').select('key').where('key', 'like', 'page-views%').execute()).toEqual([]);
      // both write at once: each adds its own views to the row
      await Promise.all([first.deps.pageViews.flush(), second.deps.pageViews.flush()]);
      expect(await readRows('f2', first)).toEqual([{ day: '2026-06-24', kind: 'firm', item_id: 'f2', views: 20, scans: 0 }]);
    } finally {
      await first.close();
    }
  });
});

describe('counting switched off', () => {
  it('answers every view and counts none (PAGE_VIEWS in FEATURES_OFF)', async () => {
    now = new Date('2026-06-25T10:00:00.000Z');
    const off = await createTestContext({ clock: () => now, envOverrides: { FEATURES_OFF: 'PAGE_VIEWS' } });
    try {
      await insertMarketplace(off.deps.db);
      expect((await send({ kind: 'firm', key: 'CafeLumiere' }, BROWSER, off)).status).toBe(204);
      expect(await rows('f1', off)).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
