import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { FIXTURE_NOW, insertMarketplace } from '../../testing/marketplace-fixtures';
import { card, insertMember, payOnStep, sandboxOf, signedIn, TEST_CARD } from '../../testing/order-fixtures';
import type { CheckoutAnswer } from '../../../shared/orders';

/**
 * Capacity: 200 checkouts at once race for the last 20 seats of a tier (capacity 100,
 * 80 already sold). With the guard (the conditional UPDATE in the order's transaction) exactly 20
 * orders hold seats, all 180 others get a clear sold-out problem, nothing answers 5xx, and once
 * paid there are exactly 20 tickets. The same harness with the guard off (read what is left, then
 * write) must see the oversell: the harness can fail. Runs on SQLite and, with DATABASE_URL, on
 * PostgreSQL.
 */
const BUYERS = 200;
const CAPACITY = 100;
const ALREADY_SOLD = 80;

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

interface Figures {
  byStatus: Record<string, number>;
  soldOutAnswers: number;
  ordersHoldingSeats: number;
  seatsHeld: number;
  categorySold: number;
  ms: number;
  answers: { status: number; body: CheckoutAnswer }[];
}

async function race(guarded: boolean): Promise<Figures> {
  ctx = await createTestContext({ clock: () => FIXTURE_NOW, ...(guarded ? {} : { unsafeWithoutCapacityGuard: true as const }) });
  const { db } = ctx.deps;
  await insertMarketplace(db);
  await db.updateTable('events').set({ capacity: 1000, sold: 0 }).where('id', '=', 'e1').execute();
  await db
    .insertInto('ticket_categories')
    .values({
      id: 'last',
      event_id: 'e1',
      name: 'Last seats',
      description: null,
      price_minor: 2500,
      capacity: CAPACITY,
      sold: ALREADY_SOLD,
      sort: 9,
    })
    .execute();
  const buyers = Array.from({ length: BUYERS }, (_, i) => `buyer${String(i).padStart(3, '0')}`);
  const cookies: string[] = [];
  for (const id of buyers) {
    await insertMember(db, id);
    cookies.push(await signedIn(ctx, id));
  }
  const started = performance.now();
  const responses = await Promise.all(
    buyers.map((id, i) =>
      ctx!.request('/api/user/orders/tickets', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookies[i], 'Idempotency-Key': `race-${id}` },
        body: JSON.stringify({ eventId: 'e1', categoryId: 'last', holderIds: [id], addons: [], expectedTotal: 2500, currency: 'EUR' }),
      }),
    ),
  );
  const ms = Math.round(performance.now() - started);
  const answers = await Promise.all(responses.map(async (r) => ({ status: r.status, body: await r.json() })));
  const byStatus: Record<string, number> = {};
  for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
  const orders = await db.selectFrom('orders').select('id').where('event_id', '=', 'e1').where('status', '=', 'pending_payment').execute();
  const held = await db.selectFrom('tickets').select('id').where('category_id', '=', 'last').execute();
  const category = await db.selectFrom('ticket_categories').select('sold').where('id', '=', 'last').executeTakeFirstOrThrow();
  const figures = {
    byStatus,
    soldOutAnswers: answers.filter((a) => a.status === 409 && (a.body as unknown as { code: string }).code === 'sold_out').length,
    ordersHoldingSeats: orders.length,
    seatsHeld: held.length,
    categorySold: category.sold,
    ms,
    answers,
  };
  console.log(
    `[${ctx.deps.dialect}] guard ${guarded ? 'on' : 'OFF'}: ${BUYERS} checkouts for the last ${CAPACITY - ALREADY_SOLD} seats in ${ms} ms; ` +
      `answers ${JSON.stringify(byStatus)}; orders holding seats ${figures.ordersHoldingSeats}; seats held ${figures.seatsHeld}; ` +
      `category sold ${figures.categorySold}/${CAPACITY}`,
  );
  return figures;
}

describe('200 concurrent checkouts for the last 20 seats', () => {
  it('with the capacity guard: exactly 20 seats sold, 180 clear sold-out answers, no 5xx', async () => {
    const figures = await race(true);
    expect(figures.byStatus).toEqual({ 201: 20, 409: 180 });
    expect(figures.soldOutAnswers).toBe(180);
    expect(figures.ordersHoldingSeats).toBe(20);
    expect(figures.seatsHeld).toBe(20);
    expect(figures.categorySold).toBe(CAPACITY);
    const problem = figures.answers.find((a) => a.status === 409)!.body as unknown as { detail: string; type: string };
    expect(problem.detail).toMatch(/Sold out/);

    // the 20 pay: exactly 20 tickets, each with its own code
    for (const { body } of figures.answers.filter((a) => a.status === 201)) {
      expect((await payOnStep(ctx!, body.redirectUrl!, card(TEST_CARD.success))).status).toBe(303);
    }
    await sandboxOf(ctx!).settled();
    const tickets = await ctx!.deps.db.selectFrom('tickets').select(['code', 'status']).where('category_id', '=', 'last').execute();
    expect(tickets.filter((t) => t.status === 'active')).toHaveLength(20);
    expect(new Set(tickets.map((t) => t.code)).size).toBe(20);
    const paid = await ctx!.deps.db.selectFrom('orders').select('id').where('event_id', '=', 'e1').where('status', '=', 'paid').execute();
    expect(paid).toHaveLength(20);
  });

  it('the same harness with the guard off sees the oversell (so it can fail)', async () => {
    const figures = await race(false);
    const oversold = figures.seatsHeld > CAPACITY - ALREADY_SOLD || figures.categorySold > CAPACITY;
    expect(oversold, `guard off: ${figures.seatsHeld} seats held for ${CAPACITY - ALREADY_SOLD}`).toBe(true);
    expect(figures.byStatus[500]).toBeUndefined();
  });
});

describe('buyers checking out again while their ended holds close', () => {
  it('locks the seats before the buyer’s count, as the expiry does: 40 checkouts at once all succeed, none waits on another', async () => {
    let later = 0;
    ctx = await createTestContext({ clock: () => new Date(FIXTURE_NOW.getTime() + later), envOverrides: { ORDER_HOLD_SECONDS: '2' } });
    const { db } = ctx.deps;
    await insertMarketplace(db);
    await db.updateTable('events').set({ capacity: 1000, sold: 0 }).where('id', '=', 'e1').execute();
    await db.updateTable('ticket_categories').set({ capacity: 1000, sold: 0 }).where('id', '=', 't1').execute();
    const buyers = Array.from({ length: 40 }, (_, i) => `again${String(i).padStart(2, '0')}`);
    const cookies: string[] = [];
    for (const id of buyers) {
      await insertMember(db, id);
      cookies.push(await signedIn(ctx, id));
    }
    const checkout = (round: string) =>
      Promise.all(
        buyers.map((id, i) =>
          ctx!.request('/api/user/orders/tickets', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Cookie: cookies[i], 'Idempotency-Key': `${round}-${id}` },
            body: JSON.stringify({ eventId: 'e1', categoryId: 't1', holderIds: [id], addons: [], expectedTotal: 1500, currency: 'EUR' }),
          }),
        ),
      );
    for (const response of await checkout('first')) expect(response.status).toBe(201);
    // every hold has ended: each checkout now closes the event's ended holds (the other buyers' too) while they buy again
    later = 3_000;
    const statuses = (await checkout('again')).map((response) => response.status);
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    const orders = await db.selectFrom('orders').select(['status']).where('event_id', '=', 'e1').execute();
    expect(orders.filter((order) => order.status === 'expired')).toHaveLength(40);
    expect(orders.filter((order) => order.status === 'pending_payment')).toHaveLength(40);
    const counts = await db.selectFrom('tier_buyer_counts').select('held').where('category_id', '=', 't1').execute();
    expect(counts.map((count) => count.held)).toEqual(buyers.map(() => 1));
  });
});
