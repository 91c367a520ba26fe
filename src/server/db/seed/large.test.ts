import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { buildDemoData } from './build';
import { buildLargeData, LARGE_COUNTS, SPAN_DAYS, type LargeRows } from './large';
import { seedIfEmpty } from './index';

const NOW = new Date('2026-03-14T09:30:00.000Z');
const DAY = 86_400_000;
/** The same code as `SEED=large` at a hundredth of its size: the demo's size again, around the demo. */
const SCALE = 0.01;

const input = buildDemoData(NOW, 'not-a-hash').rows;
const { demo, rows: large } = buildLargeData(input, NOW, SCALE);
const digest = (value: unknown) => crypto.createHash('sha256').update(JSON.stringify(value)).digest('hex');
const total = (table: keyof LargeRows & keyof typeof demo) => demo[table].length + large[table].length;

describe('the large marketplace, built at a hundredth of its size', () => {
  it('has the counts of a hundred times the demo, scaled', () => {
    expect(total('firms')).toBe(LARGE_COUNTS.firms * SCALE);
    expect(total('events')).toBe(LARGE_COUNTS.events * SCALE);
    expect(total('users')).toBe(LARGE_COUNTS.users * SCALE);
    expect(large.orders).toHaveLength(LARGE_COUNTS.orders * SCALE);
    expect(large.messages).toHaveLength(LARGE_COUNTS.messages * SCALE);
    // follows and saves are distinct pairs: a few draws may repeat one, never many
    expect(total('follows')).toBeGreaterThan(LARGE_COUNTS.follows * SCALE * 0.97);
    expect(total('saved_items')).toBeGreaterThan(LARGE_COUNTS.saved_items * SCALE * 0.97);
    expect(large.payments).toHaveLength(large.orders.length);
    expect(large.tickets.length).toBeGreaterThan(0);
  });

  it('is skewed: a few very large firms, Dar Nour the first, many small', () => {
    const ordersOf = new Map<string, number>();
    for (const order of large.orders) ordersOf.set(order.firm_id, (ordersOf.get(order.firm_id) ?? 0) + 1);
    const sizes = [...ordersOf.entries()].sort((a, b) => b[1] - a[1]);
    expect(demo.firms.find((f) => f.id === sizes[0]![0])?.username).toBe('dar-nour');
    const median = sizes[Math.floor(sizes.length / 2)]![1];
    expect(sizes[0]![1]).toBeGreaterThan(10 * median);
    const followersOf = new Map<string, number>();
    for (const follow of large.follows) followersOf.set(follow.firm_id, (followersOf.get(follow.firm_id) ?? 0) + 1);
    expect(Math.max(...followersOf.values())).toBeGreaterThan(10 * Math.min(...followersOf.values()));
  });

  it('spreads orders and events over two years', () => {
    const days = (rows: { created_at: string }[]) => rows.map((row) => (NOW.getTime() - Date.parse(row.created_at)) / DAY);
    const orderAges = days(large.orders);
    expect(Math.min(...orderAges)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...orderAges)).toBeLessThanOrEqual(SPAN_DAYS);
    // every quarter of the two years has its orders
    for (let quarter = 0; quarter < 8; quarter++)
      expect(orderAges.filter((age) => age >= quarter * 91 && age < (quarter + 1) * 91).length).toBeGreaterThan(large.orders.length / 40);
    const eventStarts = large.events.map((e) => (NOW.getTime() - Date.parse(e.start_date_time)) / DAY);
    expect(Math.max(...eventStarts)).toBeGreaterThan(SPAN_DAYS / 2);
    expect(Math.min(...eventStarts)).toBeLessThan(0);
  });

  it('counts what it sold: a tier sells no more than it holds, its sold seats are its live tickets, an order its lines', () => {
    const tickets = new Map<string, number>();
    for (const ticket of large.tickets)
      if (ticket.status === 'active') tickets.set(ticket.category_id, (tickets.get(ticket.category_id) ?? 0) + 1);
    for (const tier of [...demo.ticket_categories, ...large.ticket_categories]) {
      expect(tier.sold ?? 0).toBe(tickets.get(tier.id) ?? 0);
      expect(tier.capacity).toBeGreaterThanOrEqual(tier.sold ?? 0);
    }
    for (const order of large.orders) {
      const lines = large.order_lines.filter((line) => line.order_id === order.id);
      expect(lines.reduce((sum, line) => sum + line.unit_price_minor * line.quantity, 0)).toBe(order.total_minor);
    }
  });

  it('gives the same rows on every run', () => {
    expect(digest(buildLargeData(input, NOW, SCALE))).toBe(digest({ demo, rows: large }));
  });
});

describe('SEED=large written to the database', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    // foreign keys are enforced on both databases: the insert itself proves every reference
    expect(await seedIfEmpty(ctx.deps.db, { dataDir: ctx.dataDir, now: NOW, scale: SCALE })).toBe(true);
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('holds every row it built', async () => {
    const count = async (table: 'orders' | 'tickets' | 'payments' | 'messages' | 'follows' | 'firms') =>
      Number(
        (
          await ctx.deps.db
            .selectFrom(table)
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('firms')).toBe(total('firms'));
    expect(await count('orders')).toBe(large.orders.length);
    expect(await count('tickets')).toBe(large.tickets.length);
    expect(await count('payments')).toBe(large.payments.length);
    expect(await count('messages')).toBe(large.messages.length);
    expect(await count('follows')).toBe(total('follows'));
  });

  it('is read by the app: the largest firm, a generated one, a search', async () => {
    const firm = (await (await ctx.request('/api/public/firms/u/dar-nour')).json()) as { id: string; name: string };
    expect(firm.name).toBe('Café Dar Nour');
    const search = (await (await ctx.request('/api/public/search?q=cafe')).json()) as { groups: { items: { title: string }[] }[] };
    expect(search.groups[0]?.items[0]?.title).toBe('Café Dar Nour');
    const generated = large.firms[0]!;
    expect((await ctx.request(`/api/public/firms/u/${generated.username}`)).status).toBe(200);
  });
});
