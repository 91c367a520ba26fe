import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { FIXTURE_NOW, insertMarketplace } from '../../testing/marketplace-fixtures';
import { card, insertMember, insertSmallEvent, payOnStep, sandboxOf, signedIn, TEST_CARD } from '../../testing/order-fixtures';
import type { CheckoutAnswer, OrderDetail } from '../../../shared/orders';
import type { PromoCodeInput } from '../../../shared/promotions';
import { createHoldExpiry } from '../orders/hold-expiry';
import { createRefunds } from '../orders/refunds';
import { promoInput } from './promo-fixtures';
import { createPromotionService } from './promotions.service';

/**
 * Promo codes at checkout: the discount on the eligible lines only, stored with the order; the
 * window, the minimum, one use per customer; a use given back once when a hold ends and never by a
 * refund, which gives back what was paid; 100 buyers at once for a code of 10 uses: exactly 10
 * discounted orders. SQLite, and PostgreSQL with DATABASE_URL.
 */
let ctx: TestContext;
let nowMs = FIXTURE_NOW.getTime();
const cookies: Record<string, string> = {};
let keyCounter = 0;
const key = () => `promo-key-${++keyCounter}-${Math.random().toString(36).slice(2)}`;
const RACERS = Array.from({ length: 100 }, (_, i) => `promo${String(i).padStart(3, '0')}`);
const PEOPLE = ['alice', 'bob', 'carol', 'dave', 'erin', 'fred'];
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext({ clock: () => new Date(nowMs), envOverrides: { ORDER_HOLD_SECONDS: '2' } });
  const { db } = ctx.deps;
  await insertMarketplace(db);
  await insertSmallEvent(db, 'gig', 500);
  await insertSmallEvent(db, 'race', 500);
  for (const id of [...PEOPLE, ...RACERS]) {
    await insertMember(db, id);
    cookies[id] = await signedIn(ctx, id);
  }
});
afterAll(() => ctx.close());

const iso = (ms: number) => new Date(ms).toISOString();
const codes = () => createPromotionService(ctx.deps);
const newCode = (firmId: string, input: Partial<PromoCodeInput> & { code: string }) => codes().create(firmId, 'alice', promoInput(input));
const api = (who: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  ctx.request(path, {
    method,
    headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), Cookie: cookies[who], ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
/** `seats` seats of an event (2000 each) and `drinks` add-ons (500 each), with a code, at the total the form showed. */
const buy = (
  who: string,
  o: { event?: string; seats?: number; drinks?: number; promoCode?: string; expectedTotal: number },
  headers = {},
) => {
  const event = o.event ?? 'gig';
  return api(
    who,
    'POST',
    '/api/user/orders/tickets',
    {
      eventId: event,
      categoryId: `${event}-seat`,
      holderIds: [who],
      addons: o.drinks ? [{ addonId: `${event}-drink`, quantity: o.drinks }] : [],
      expectedTotal: o.expectedTotal,
      currency: 'EUR',
      ...(o.promoCode ? { promoCode: o.promoCode } : {}),
    },
    { 'Idempotency-Key': key(), ...headers },
  );
};
const refusal = async (response: Response) => {
  const body = await response.json();
  return [response.status, body.code] as const;
};
const usesOf = async (id: string) =>
  (await ctx.deps.db.selectFrom('promo_codes').select('uses').where('id', '=', id).executeTakeFirstOrThrow()).uses;
const detailOf = async (who: string, reference: string): Promise<OrderDetail> =>
  (await api(who, 'GET', `/api/user/orders/${reference}`)).json();

describe("a firm's promo codes", () => {
  it('are unique per firm whatever their case, and apply only to what the firm sells', async () => {
    await newCode('f1', { code: 'Gig20', targets: { events: ['gig'], tiers: [], products: [] } });
    await expect(newCode('f1', { code: 'GIG20' })).rejects.toMatchObject({ status: 409, code: 'promo_code_taken' });
    // another firm may have the same text
    await newCode('f3', { code: 'gig20' });
    await expect(newCode('f1', { code: 'BOOKS', targets: { events: [], tiers: [], products: ['p1'] } })).rejects.toMatchObject({
      status: 422,
      code: 'unknown_target',
    });
    const [listed] = await codes().list('f1');
    expect(listed).toMatchObject({ code: 'Gig20', uses: 0, active: true, targets: [{ type: 'event', id: 'gig', name: 'Small gig gig' }] });
  });
});

describe('a code at checkout', () => {
  it('takes its discount off the eligible lines only, typed in any case, and the order keeps it', async () => {
    await newCode('f1', { code: 'SEATS10', value: 10, targets: { events: [], tiers: ['gig-seat'], products: [] } });
    // 2 × 2000 seats (event code: 20 % of everything of the event) and a drink of 500
    const full = await buy('alice', { seats: 1, drinks: 1, promoCode: 'gig20', expectedTotal: 2500 });
    expect(await refusal(full)).toEqual([409, 'price_changed']);
    const answer: CheckoutAnswer = await (await buy('alice', { drinks: 1, promoCode: 'gig20', expectedTotal: 2000 })).json();
    expect(answer.order.totalMinor).toBe(2000);
    expect((await detailOf('alice', answer.order.reference)).discount).toEqual({ code: 'Gig20', amountMinor: 500 });
    // a tier's code leaves the add-on at its price
    const tier = await buy('bob', { drinks: 1, promoCode: 'seats10', expectedTotal: 2300 });
    expect(tier.status).toBe(201);
    const lines = await ctx.deps.db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select(['l.kind', 'l.discount_minor', 'o.discount_minor as orderDiscount'])
      .where('o.reference', '=', ((await tier.json()) as CheckoutAnswer).order.reference)
      .orderBy('l.sort')
      .execute();
    expect(lines).toEqual([
      { kind: 'ticket', discount_minor: 200, orderDiscount: 200 },
      { kind: 'addon', discount_minor: 0, orderDiscount: 200 },
    ]);
  });

  it('is refused, in the buyer’s language, outside its window, when withdrawn, unknown or for nothing it covers', async () => {
    await newCode('f1', { code: 'LATER', startsAt: iso(nowMs + DAY) });
    await newCode('f1', { code: 'OVER', endsAt: iso(nowMs - 1) });
    const withdrawn = await newCode('f1', { code: 'GONE' });
    await codes().deactivate('f1', withdrawn.id);
    await newCode('f3', { code: 'BOOKS', targets: { events: [], tiers: [], products: ['p1'] } });
    expect(await refusal(await buy('carol', { promoCode: 'later', expectedTotal: 1600 }))).toEqual([422, 'promo_not_started']);
    expect(await refusal(await buy('carol', { promoCode: 'over', expectedTotal: 1600 }))).toEqual([422, 'promo_expired']);
    expect(await refusal(await buy('carol', { promoCode: 'gone', expectedTotal: 1600 }))).toEqual([422, 'promo_expired']);
    expect(await refusal(await buy('carol', { promoCode: 'nope', expectedTotal: 1600 }))).toEqual([422, 'promo_unknown']);
    const french = await buy('carol', { promoCode: 'over', expectedTotal: 1600 }, { 'Accept-Language': 'fr' });
    expect((await french.json()).detail).toBe('Ce code a expiré ou a été retiré.');
    // the window opens: the same code is taken
    await ctx.deps.db
      .updateTable('promo_codes')
      .set({ starts_at: iso(nowMs - 1) })
      .where('code_key', '=', 'LATER')
      .execute();
    expect((await buy('carol', { promoCode: 'later', expectedTotal: 1600 })).status).toBe(201);
    // a book code of another firm's product does nothing for tickets of f1 (and is not f1's)
    expect(await refusal(await buy('carol', { promoCode: 'books', expectedTotal: 1600 }))).toEqual([422, 'promo_unknown']);
    const cart = await api('carol', 'PUT', '/api/user/cart/items', { itemType: 'product', itemId: 'p2', quantity: 1 });
    expect(cart.status).toBe(200);
    const shop = await api(
      'carol',
      'POST',
      '/api/user/orders/cart/f3',
      { expectedTotal: 1002, currency: 'EUR', promoCode: 'BOOKS' },
      { 'Idempotency-Key': key() },
    );
    expect(await refusal(shop)).toEqual([422, 'promo_not_applicable']);
  });

  it('chosen for a ticket tier is offered with its event, named with it, and refused for another tier in the buyer’s language', async () => {
    const options = await codes().targetOptions('f1');
    expect(options.events.find((event) => event.id === 'race')).toEqual({
      id: 'race',
      name: 'Small gig race',
      tiers: [{ id: 'race-seat', name: 'Seat' }],
    });
    const code = await newCode('f1', { code: 'RACESEAT', targets: { events: [], tiers: ['race-seat'], products: [] } });
    expect(code.targets).toEqual([{ type: 'tier', id: 'race-seat', name: 'Small gig race — Seat' }]);
    const other = await buy('dave', { promoCode: 'raceseat', expectedTotal: 1600 }, { 'Accept-Language': 'fr' });
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ code: 'promo_not_applicable', detail: "Ce code ne s'applique à rien dans cette commande." });
    expect((await buy('dave', { event: 'race', promoCode: 'raceseat', expectedTotal: 1600 })).status).toBe(201);
  });

  it('needs its minimum order, said with the amount', async () => {
    await newCode('f1', { code: 'BIG', minOrderMinor: 3000 });
    const small = await buy('dave', { drinks: 1, promoCode: 'big', expectedTotal: 2000 });
    expect(await small.clone().json()).toMatchObject({
      code: 'promo_below_minimum',
      detail: 'This code needs an order of at least €30.00.',
    });
    expect((await buy('dave', { drinks: 2, promoCode: 'big', expectedTotal: 2400 })).status).toBe(201);
  });

  it('is used once per customer when the firm says so; the check says so before checkout', async () => {
    await newCode('f1', { code: 'ONCE', oncePerCustomer: true });
    expect((await buy('erin', { promoCode: 'once', expectedTotal: 1600 })).status).toBe(201);
    expect(await refusal(await buy('erin', { promoCode: 'ONCE', expectedTotal: 1600 }))).toEqual([409, 'promo_used']);
    const check = await api('erin', 'POST', '/api/user/promo-codes/check', { firmId: 'f1', code: 'once' });
    expect(await refusal(check)).toEqual([409, 'promo_used']);
    const other = await api('fred', 'POST', '/api/user/promo-codes/check', { firmId: 'f1', code: 'once' });
    expect(await other.json()).toMatchObject({ code: 'ONCE', kind: 'percent', value: 20, targets: null });
  });
});

describe('a use of a limited code', () => {
  it('is given back once when the hold ends or the order is cancelled, then another buyer gets it', async () => {
    const code = await newCode('f1', { code: 'ONE', usageLimit: 1, oncePerCustomer: true });
    const first: CheckoutAnswer = await (await buy('fred', { promoCode: 'one', expectedTotal: 1600 })).json();
    expect(await usesOf(code.id)).toBe(1);
    expect(await refusal(await buy('alice', { promoCode: 'one', expectedTotal: 1600 }))).toEqual([409, 'promo_exhausted']);
    nowMs += 3_000;
    const { expireOverdue, closePending } = createHoldExpiry(ctx.deps);
    expect(await expireOverdue({ orderId: first.order.id })).toBe(1);
    expect(await usesOf(code.id)).toBe(0);
    // closing it again gives nothing more
    expect(await closePending(first.order.id, 'cancelled')).toBe(false);
    expect(await usesOf(code.id)).toBe(0);
    const second: CheckoutAnswer = await (await buy('alice', { promoCode: 'one', expectedTotal: 1600 })).json();
    expect(await usesOf(code.id)).toBe(1);
    // fred's use went back with his order: once per customer counts only orders that stand
    expect((await api('alice', 'POST', `/api/user/orders/${second.order.reference}/cancel`)).status).toBe(200);
    expect(await usesOf(code.id)).toBe(0);
    expect((await buy('fred', { promoCode: 'one', expectedTotal: 1600 })).status).toBe(201);
  });

  it('is kept by a refund, which gives back what the lines were paid', async () => {
    const code = await newCode('f1', { code: 'KEPT', usageLimit: 5 });
    const answer: CheckoutAnswer = await (await buy('bob', { drinks: 1, promoCode: 'kept', expectedTotal: 2000 })).json();
    await payOnStep(ctx, answer.redirectUrl!, card(TEST_CARD.success));
    expect((await (await api('bob', 'POST', `/api/user/orders/${answer.order.reference}/confirm`)).json()).status).toBe('paid');
    await sandboxOf(ctx).settled();
    const lines = await ctx.deps.db
      .selectFrom('order_lines')
      .select(['id', 'kind'])
      .where('order_id', '=', answer.order.id)
      .orderBy('sort')
      .execute();
    const refunds = createRefunds(ctx.deps);
    // the drink: 500 less its 20 %
    await refunds.refund(
      'f1',
      answer.order.reference,
      'alice',
      { reason: 'Out of drinks', whole: false, ticketIds: [], lines: [{ lineId: lines[1].id, qty: 1 }] },
      'r1',
    );
    await refunds.refund('f1', answer.order.reference, 'alice', { reason: 'Cancelled', whole: true, ticketIds: [], lines: [] }, 'r2');
    const amounts = await ctx.deps.db
      .selectFrom('order_refunds')
      .select('amount_minor')
      .where('order_id', '=', answer.order.id)
      .orderBy('created_at')
      .orderBy('amount_minor')
      .execute();
    expect(amounts.map((r) => r.amount_minor).sort()).toEqual([1600, 400]);
    const order = await ctx.deps.db
      .selectFrom('orders')
      .select(['status', 'refunded_minor', 'total_minor'])
      .where('id', '=', answer.order.id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'refunded', refunded_minor: 2000, total_minor: 2000 });
    expect(await usesOf(code.id)).toBe(1);
  });
});

describe('100 buyers at once for a code of 10 uses', () => {
  it('gives exactly 10 discounted orders; the 90 others are told it is used up', async () => {
    const code = await newCode('f1', { code: 'RACE10', usageLimit: 10, targets: { events: ['race'], tiers: [], products: [] } });
    const started = performance.now();
    const responses = await Promise.all(RACERS.map((who) => buy(who, { event: 'race', promoCode: 'race10', expectedTotal: 1600 })));
    const ms = Math.round(performance.now() - started);
    const answers = await Promise.all(responses.map(async (r) => ({ status: r.status, body: await r.json() })));
    const byStatus: Record<number, number> = {};
    for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
    console.log(`[${ctx.deps.dialect}] ${RACERS.length} checkouts for a code of 10 uses in ${ms} ms: ${JSON.stringify(byStatus)}`);
    expect(byStatus).toEqual({ 201: 10, 409: 90 });
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'promo_exhausted')).toBe(true);
    const discounted = await ctx.deps.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('promo_code_id', '=', code.id)
      .where('discount_minor', '=', 400)
      .executeTakeFirstOrThrow();
    expect(Number(discounted.n)).toBe(10);
    expect(await usesOf(code.id)).toBe(10);
    // the seats of the refused went back with their rolled-back orders
    const race = await ctx.deps.db.selectFrom('events').select('sold').where('id', '=', 'race').executeTakeFirstOrThrow();
    expect(race.sold).toBe(10);
  });
});
