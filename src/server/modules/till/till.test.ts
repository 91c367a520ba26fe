import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIRM, OTHER_FIRM, useWorkspace, type Actor } from '../../testing/workspace-fixtures';
import { insertProduct } from '../../testing/catalogue-fixtures';
import { readOutbox } from '../../testing/outbox';
import type { KitchenBoard } from '../../../shared/kitchen';
import { TILL_RECEIPTS_PER_SALE, type TillCatalogue, type TillSale, type TillSaleInput } from '../../../shared/till';

/**
 * The till end to end on the app: a cash sale is a paid order (stock taken, dishes sent to the
 * kitchen, in the firm's orders and reports, not in the seller's own purchases), the same sale key
 * is taken once however often it comes, an online sale is refused where a checkout would be, and an
 * offline one is taken and flagged instead. 50 tills racing for the last 3 sell exactly 3.
 * SQLite, and PostgreSQL with DATABASE_URL.
 */
const w = useWorkspace();
const db = () => w.ctx.deps.db;
let product: string;

beforeAll(async () => {
  product = await insertProduct(db(), FIRM, { name: 'Mug', price_minor: 900, stock: 50 });
});

async function send(actor: Actor, method: string, path: string, body?: unknown) {
  const response = await w.as(actor, path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

function saleOf(extra: Partial<TillSaleInput> = {}): TillSaleInput {
  return {
    saleKey: crypto.randomUUID(),
    lines: [
      { kind: 'menu_item', itemId: 'i1', variantId: null, option: null, quantity: 2, unitPrice: 250, discount: null },
      { kind: 'product', itemId: product, variantId: null, option: null, quantity: 1, unitPrice: 900, discount: null },
    ],
    discount: null,
    note: '',
    currency: 'EUR',
    tenderedMinor: 2000,
    cardMinor: 0,
    soldAt: '2026-06-01T10:00:00.000Z',
    offline: false,
    shiftId: null,
    promoCode: null,
    ...extra,
  };
}

const sell = (input: TillSaleInput, actor: Actor = 'staff') => send(actor, 'POST', `/api/dashboard/till/sales?firmId=${FIRM}`, input);
const soldOf = async (id: string) => (await db().selectFrom('products').select('sold').where('id', '=', id).executeTakeFirstOrThrow()).sold;

describe('the till', () => {
  it("shows the firm's dishes by section and its products, with the rules of who is at it", async () => {
    const staff = await send('staff', 'GET', `/api/dashboard/till?firmId=${FIRM}`);
    expect(staff.status).toBe(200);
    const catalogue: TillCatalogue = staff.body;
    expect(catalogue.currency).toBe('EUR');
    expect(catalogue.groups[0].items.map((i) => i.name)).toEqual(['Croissant', 'Espresso']);
    const shop = catalogue.groups.find((g) => g.key === 'shop')!;
    expect(shop.name).toBeNull();
    expect(shop.items).toContainEqual(expect.objectContaining({ itemId: product, name: 'Mug', priceMinor: 900 }));
    expect([catalogue.unlimitedDiscounts, catalogue.canChangeSettings]).toEqual([false, false]);
    const manager: TillCatalogue = (await send('manager', 'GET', `/api/dashboard/till?firmId=${FIRM}`)).body;
    expect([manager.unlimitedDiscounts, manager.canChangeSettings]).toEqual([true, true]);
  });

  it('records a cash sale as a paid order: change given, stock taken, dishes to the kitchen, in the orders and the reports', async () => {
    const before = await soldOf(product);
    const answer = await sell(saleOf());
    expect(answer.status).toBe(201);
    const sale: TillSale = answer.body;
    expect(sale).toMatchObject({ subtotalMinor: 1400, discountMinor: 0, totalMinor: 1400, tenderedMinor: 2000, changeMinor: 600 });
    expect(sale.flags).toEqual([]);
    expect(await soldOf(product)).toBe(before + 1);
    const order = await db().selectFrom('orders').selectAll().where('reference', '=', sale.reference).executeTakeFirstOrThrow();
    expect([order.kind, order.status, order.total_minor]).toEqual(['till', 'paid', 1400]);
    const tickets = await db().selectFrom('kitchen_tickets').select('status').where('order_id', '=', order.id).execute();
    expect(tickets).toEqual([{ status: 'received' }]);
    const movement = await db().selectFrom('stock_movements').select(['delta', 'reason']).where('product_id', '=', product).execute();
    expect(movement).toContainEqual({ delta: -1, reason: 'sale' });

    const list = await send('owner', 'GET', `/api/dashboard/orders?firmId=${FIRM}&q=${sale.reference}`);
    expect(list.body.content).toEqual([expect.objectContaining({ reference: sale.reference, kind: 'till', status: 'paid' })]);
    // the seller did not buy anything: the sale is not among their own orders
    const own = await send('staff', 'GET', '/api/user/orders');
    expect(own.body.content.map((o: { reference: string }) => o.reference)).not.toContain(sale.reference);
    expect((await send('staff', 'GET', `/api/user/orders/${sale.reference}`)).status).toBe(404);

    const report = await send('owner', 'GET', `/api/dashboard/sales-reports?firmId=${FIRM}&period=custom&from=2026-01-01&to=2026-12-31`);
    expect(report.body.channels).toContainEqual(expect.objectContaining({ kind: 'till' }));
    expect(report.body.paymentMethods).toContainEqual(expect.objectContaining({ method: 'cash' }));
  });

  it('takes the same sale key once, however often it is sent (at once or later), and refuses it for another sale', async () => {
    const input = saleOf();
    const before = await soldOf(product);
    const answers = await Promise.all([sell(input), sell(input), sell(input)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.reference)).size).toBe(1);
    const later = await sell(input);
    expect([later.status, later.body.reference, later.body.created]).toEqual([200, answers[0].body.reference, false]);
    expect(await soldOf(product)).toBe(before + 1);
    // an answer lost online: the till sends the same sale again from its offline queue
    const resent = await sell({ ...input, offline: true, soldAt: '2026-06-01T10:05:00.000Z' });
    expect([resent.status, resent.body.reference, resent.body.offline]).toEqual([200, answers[0].body.reference, false]);
    const other = await sell({ ...input, tenderedMinor: 5000 });
    expect([other.status, other.body.code]).toEqual([422, 'idempotency_key_reused']);
  });

  it('refuses online what has changed, and takes the same offline with a flag for the owner', async () => {
    const stale = saleOf({
      lines: [{ kind: 'menu_item', itemId: 'i1', variantId: null, option: null, quantity: 1, unitPrice: 200, discount: null }],
      tenderedMinor: 200,
    });
    expect((await sell(stale)).body.code).toBe('price_changed');
    const offline = await sell({ ...stale, offline: true });
    expect(offline.status).toBe(201);
    // the customer paid the price the till showed
    expect(offline.body).toMatchObject({ totalMinor: 200, offline: true });
    expect(offline.body.flags).toEqual(['offline_not_allowed', 'price_changed']);
  });

  it('lets staff give a discount up to the limit, and only an owner or a manager more', async () => {
    const small = await sell(saleOf({ discount: { kind: 'percent', value: 10 } }));
    expect(small.body).toMatchObject({ subtotalMinor: 1400, discountMinor: 140, totalMinor: 1260 });
    const large = saleOf({ discount: { kind: 'amount', value: 500 } });
    expect(await sell(large)).toMatchObject({ status: 403, body: { code: 'discount_over_limit' } });
    expect((await sell(large, 'manager')).body).toMatchObject({ discountMinor: 500, totalMinor: 900 });
  });

  it("takes a discount on a line before the sale's own, and holds both together to the staff limit", async () => {
    // 2 × 250 less 10% (50), then the sale's 5% of the 1350 left (68): 118 of 1400, within the limit
    const lines = saleOf().lines.map((line, index) =>
      index === 0 ? { ...line, discount: { kind: 'percent' as const, value: 10 } } : line,
    );
    const both = await sell(saleOf({ lines, discount: { kind: 'percent', value: 5 } }));
    expect(both.body).toMatchObject({ subtotalMinor: 1400, discountMinor: 118, totalMinor: 1282 });
    // each below the limit, together above it (100 + 70 of 1400)
    const line = saleOf().lines.map((l, index) => (index === 0 ? { ...l, discount: { kind: 'amount' as const, value: 100 } } : l));
    const over = saleOf({ lines: line, discount: { kind: 'percent', value: 5 } });
    expect(await sell(over)).toMatchObject({ status: 403, body: { code: 'discount_over_limit' } });
    expect((await sell(over, 'owner')).body).toMatchObject({ discountMinor: 165, totalMinor: 1235 });
    // an offline sale over the limit is taken as it was made, and flagged
    expect((await sell({ ...over, saleKey: crypto.randomUUID(), offline: true })).body.flags).toContain('discount_over_limit');
  });

  it('recognises a sale queued before lines had discounts when it is sent again', async () => {
    const input = saleOf();
    const first = await sell(input);
    const old = { ...input, lines: input.lines.map(({ discount: _none, ...line }) => line) };
    const again = await send('staff', 'POST', `/api/dashboard/till/sales?firmId=${FIRM}`, old);
    expect([again.status, again.body.reference]).toEqual([200, first.body.reference]);
  });

  it('refuses less cash than the total, an item of another firm, and a seller of another firm', async () => {
    expect((await sell(saleOf({ tenderedMinor: 1000 }))).body.code).toBe('not_enough_cash');
    const theirs = await insertProduct(db(), OTHER_FIRM);
    const foreign = saleOf({
      lines: [{ kind: 'product', itemId: theirs, variantId: null, option: null, quantity: 1, unitPrice: 2000, discount: null }],
    });
    expect((await sell(foreign)).body.code).toBe('till_item_unknown');
    expect((await sell(saleOf(), 'otherOwner')).status).toBe(403);
  });

  it('sells an unavailable dish offline only, flagged', async () => {
    await db().updateTable('menu_items').set({ available: 0 }).where('id', '=', 'i2').execute();
    const espresso = saleOf({
      lines: [{ kind: 'menu_item', itemId: 'i2', variantId: null, option: null, quantity: 1, unitPrice: 180, discount: null }],
    });
    expect((await sell(espresso)).body.code).toBe('item_unavailable');
    expect((await sell({ ...espresso, offline: true })).body.flags).toContain('unavailable');
    await db().updateTable('menu_items').set({ available: 1 }).where('id', '=', 'i2').execute();
  });

  it('lets an owner or a manager allow offline sales', async () => {
    const allowed = await send('manager', 'PUT', `/api/dashboard/till/settings?firmId=${FIRM}`, { offlineAllowed: true });
    expect([allowed.status, allowed.body.offlineAllowed]).toEqual([200, true]);
    const offline = await sell(saleOf({ offline: true }));
    expect(offline.body.flags).toEqual([]);
  });
});

describe("a sale's receipt by mail", () => {
  const mailReceipt = (reference: string, email: string, actor: Actor = 'staff', firm = FIRM) =>
    send(actor, 'POST', `/api/dashboard/till/sales/${reference}/receipt?firmId=${firm}`, { email });

  it("mails the customer the sale's lines, total, cash and change, in the firm's language, a few times at most", async () => {
    await db().updateTable('firms').set({ language: 'fr' }).where('id', '=', FIRM).execute();
    const sale: TillSale = (await sell(saleOf({ discount: { kind: 'amount', value: 100 } }), 'manager')).body;
    const before = readOutbox(w.ctx.dataDir).length;
    expect((await mailReceipt(sale.reference, ' Lea@Example.com ')).status).toBe(204);
    await expect.poll(() => readOutbox(w.ctx.dataDir).length).toBe(before + 1);
    const mail = readOutbox(w.ctx.dataDir).at(-1)!;
    expect([mail.to, mail.language]).toEqual(['lea@example.com', 'fr']);
    expect(mail.subject).toContain('Votre ticket de caisse');
    for (const text of ['Croissant x 2', '5,00', 'Mug', '9,00', 'Remise', '13,00', '20,00', '7,00', sale.reference]) {
      expect(mail.text).toContain(text);
    }
    for (let i = 1; i < TILL_RECEIPTS_PER_SALE; i++) expect((await mailReceipt(sale.reference, 'lea@example.com')).status).toBe(204);
    expect((await mailReceipt(sale.reference, 'lea@example.com')).status).toBe(429);
    await db().updateTable('firms').set({ language: 'en' }).where('id', '=', FIRM).execute();
  });

  it('refuses an address that is not one, a sale of another firm, and a reference that is no till sale', async () => {
    const sale: TillSale = (await sell(saleOf())).body;
    const invalid = await mailReceipt(sale.reference, 'not an address');
    expect([invalid.status, Object.keys(invalid.body.errors)]).toEqual([400, ['email']]);
    expect((await mailReceipt('SK-NOSUCH', 'lea@example.com')).status).toBe(404);
    expect((await mailReceipt(sale.reference, 'lea@example.com', 'otherOwner', OTHER_FIRM)).status).toBe(404);
  });
});

describe('the last of a product', () => {
  it('sells exactly 3 of the last 3 to 50 tills at once, then takes offline sales beyond and flags them', async () => {
    const last = await insertProduct(db(), FIRM, { name: 'Last one', price_minor: 500, stock: 3 });
    const one = () =>
      saleOf({
        lines: [{ kind: 'product', itemId: last, variantId: null, option: null, quantity: 1, unitPrice: 500, discount: null }],
        tenderedMinor: 500,
      });
    const answers = await Promise.all(Array.from({ length: 50 }, () => sell(one())));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 409 && a.body.code === 'out_of_stock')).toBe(true);
    expect(await soldOf(last)).toBe(3);

    const offline = await Promise.all([sell({ ...one(), offline: true }), sell({ ...one(), offline: true })]);
    expect(offline.map((a) => [a.status, a.body.flags])).toEqual([
      [201, ['out_of_stock']],
      [201, ['out_of_stock']],
    ]);
    expect(await soldOf(last)).toBe(5);
  });
});

describe("a dish's options", () => {
  it('sells each option at its price, on a line of its own that the kitchen reads, and refuses an option the dish has not', async () => {
    const options = [
      { name: 'Almond', priceDelta: 100 },
      { name: 'Mini', priceDelta: -300 },
    ];
    await db()
      .updateTable('menu_items')
      .set({ options: JSON.stringify(options) })
      .where('id', '=', 'i1')
      .execute();
    const catalogue: TillCatalogue = (await send('staff', 'GET', `/api/dashboard/till?firmId=${FIRM}`)).body;
    expect(catalogue.groups[0].items.map((i) => [i.name, i.option, i.priceMinor])).toEqual([
      ['Croissant', null, 250],
      ['Croissant — Almond', 'Almond', 350],
      // an option never takes the price below nothing
      ['Croissant — Mini', 'Mini', 0],
      ['Espresso', null, 180],
    ]);

    const line = { kind: 'menu_item' as const, itemId: 'i1', variantId: null, discount: null };
    const input = saleOf({
      lines: [
        { ...line, option: 'Almond', quantity: 2, unitPrice: 350 },
        { ...line, option: null, quantity: 1, unitPrice: 250 },
      ],
    });
    const answer = await sell(input);
    expect([answer.status, answer.body.totalMinor]).toEqual([201, 950]);
    const order = await db().selectFrom('orders').select('id').where('reference', '=', answer.body.reference).executeTakeFirstOrThrow();
    const lines = await db()
      .selectFrom('order_lines')
      .select(['label', 'variant_id', 'variant_name', 'quantity'])
      .where('order_id', '=', order.id)
      .orderBy('sort')
      .execute();
    expect(lines).toEqual([
      { label: 'Croissant — Almond', variant_id: null, variant_name: 'Almond', quantity: 2 },
      { label: 'Croissant', variant_id: null, variant_name: null, quantity: 1 },
    ]);
    const board = (await send('staff', 'GET', `/api/dashboard/kitchen?firmId=${FIRM}`)).body as KitchenBoard;
    expect(board.tickets.find((t) => t.reference === answer.body.reference)?.items).toEqual([
      { label: 'Croissant', quantity: 2, options: ['Almond'] },
      { label: 'Croissant', quantity: 1, options: [] },
    ]);
    expect((await sell(input)).status).toBe(200);

    const unknown = await sell(saleOf({ lines: [{ ...line, option: 'Chocolate', quantity: 1, unitPrice: 350 }] }));
    expect([unknown.status, unknown.body.code]).toEqual([422, 'till_item_unknown']);
    const stale = await sell(saleOf({ lines: [{ ...line, option: 'Almond', quantity: 1, unitPrice: 250 }] }));
    expect([stale.status, stale.body.code]).toEqual([409, 'price_changed']);
    await db().updateTable('menu_items').set({ options: '[]' }).where('id', '=', 'i1').execute();
  });
});
