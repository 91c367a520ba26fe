import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIRM, useWorkspace, type Actor } from '../../testing/workspace-fixtures';
import { insertProduct } from '../../testing/catalogue-fixtures';
import { card, payOnStep, sandboxOf, TEST_CARD } from '../../testing/order-fixtures';
import { readOutbox } from '../../testing/outbox';
import type { TillSale, TillSaleInput } from '../../../shared/till';
import type { TillShiftReport } from '../../../shared/till-shifts';

/**
 * Card and split payments at the till: the card part is taken on the payment provider's own step,
 * the sale is paid (and its dishes sent to the kitchen) once the provider confirms, by its webhook
 * or the till's return, once either way. A card step given up cancels the sale and gives its stock
 * back; a card is refused offline. The shift's report keeps card takings out of the drawer.
 * SQLite, and PostgreSQL with DATABASE_URL.
 */
const w = useWorkspace();
const db = () => w.ctx.deps.db;
let product: string;

beforeAll(async () => {
  product = await insertProduct(db(), FIRM, { name: 'Card mug', price_minor: 900, stock: 10 });
});

async function send(actor: Actor, method: string, path: string, body?: unknown) {
  const response = await w.as(actor, path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const q = `?firmId=${FIRM}`;

/** Two croissants and a mug: 1400. */
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
    tenderedMinor: 0,
    cardMinor: 1400,
    soldAt: '2026-06-01T10:00:00.000Z',
    offline: false,
    shiftId: null,
    promoCode: null,
    ...extra,
  };
}

const sell = (input: TillSaleInput) => send('staff', 'POST', `/api/dashboard/till/sales${q}`, input);
const confirm = (reference: string) => send('staff', 'POST', `/api/dashboard/till/sales/${reference}/card${q}`);
const soldOf = async () => (await db().selectFrom('products').select('sold').where('id', '=', product).executeTakeFirstOrThrow()).sold;
const orderOf = (reference: string) => db().selectFrom('orders').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
const kitchenOf = async (reference: string) =>
  db()
    .selectFrom('kitchen_tickets')
    .select('status')
    .where('order_id', '=', (await orderOf(reference)).id)
    .execute();

const paymentIdOf = async (reference: string) =>
  (
    await db()
      .selectFrom('payments')
      .select('id')
      .where('subject_id', '=', (await orderOf(reference)).id)
      .executeTakeFirstOrThrow()
  ).id;

async function pay(sale: TillSale, number: string = TEST_CARD.success) {
  await payOnStep(w.ctx, sale.cardStepUrl!, card(number));
  await sandboxOf(w.ctx).settled();
}

describe('a card at the till', () => {
  it('waits for the provider, then is paid once, with its dishes sent to the kitchen and no mail to the seller', async () => {
    const before = await soldOf();
    const mails = readOutbox(w.ctx.dataDir).length;
    const input = saleOf();
    const answer = await sell(input);
    expect(answer.status).toBe(201);
    const sale: TillSale = answer.body;
    expect(sale).toMatchObject({ status: 'awaiting_card', totalMinor: 1400, cardMinor: 1400, tenderedMinor: 0, changeMinor: 0 });
    expect(sale.cardStepUrl).toMatch(/\/api\/payments\/sandbox\/pay\//);
    // the mug is the customer's while the card is taken; nothing is cooked before it is
    expect(await soldOf()).toBe(before + 1);
    expect(await kitchenOf(sale.reference)).toEqual([]);
    expect((await confirm(sale.reference)).body.status).toBe('awaiting_card');
    // the same sale sent again (its answer lost) leads to the same card step, not a second sale
    const again = await sell(input);
    expect([again.status, again.body.reference, again.body.cardStepUrl]).toEqual([200, sale.reference, sale.cardStepUrl]);

    await pay(sale);
    const paid = await confirm(sale.reference);
    expect(paid.body).toMatchObject({ status: 'paid', cardStepUrl: null });
    expect((await orderOf(sale.reference)).status).toBe('paid');
    expect(await kitchenOf(sale.reference)).toEqual([{ status: 'received' }]);
    expect((await confirm(sale.reference)).body.status).toBe('paid');
    expect(await kitchenOf(sale.reference)).toHaveLength(1);
    expect(await soldOf()).toBe(before + 1);
    expect(
      readOutbox(w.ctx.dataDir)
        .slice(mails)
        .filter((mail) => mail.to === 'user-staff@example.com'),
    ).toEqual([]);
  });

  it('splits a sale: the cash part gives its change, the card part is taken by the provider, the report keeps them apart', async () => {
    const opened = await send('staff', 'POST', `/api/dashboard/till/shifts${q}`, { floatMinor: 5000 });
    const shiftId: string = opened.body.id;
    // 1400: 1000 by card, 400 in cash out of a 500 note
    const split: TillSale = (await sell(saleOf({ cardMinor: 1000, tenderedMinor: 500, shiftId }))).body;
    expect(split).toMatchObject({ status: 'awaiting_card', cardMinor: 1000, tenderedMinor: 500, changeMinor: 100 });
    const early = await send('staff', 'POST', `/api/dashboard/till/sales/${split.reference}/receipt${q}`, { email: 'split@example.com' });
    expect(early.status).toBe(404);
    await pay(split);
    expect((await confirm(split.reference)).body.status).toBe('paid');
    const mailed = await send('staff', 'POST', `/api/dashboard/till/sales/${split.reference}/receipt${q}`, { email: 'split@example.com' });
    expect(mailed.status).toBe(204);
    await expect
      .poll(() => readOutbox(w.ctx.dataDir).find((mail) => mail.to === 'split@example.com')?.text ?? '')
      .toContain('Payé par carte');
    const receipt = readOutbox(w.ctx.dataDir).find((mail) => mail.to === 'split@example.com')!.text;
    // in the firm's language (French here)
    expect(receipt).toMatch(/Payé par carte\W+10,00\s€/);
    expect(receipt).toMatch(/Payé en espèces\W+5,00\s€/);
    expect(receipt).toMatch(/Rendu\W+1,00\s€/);
    // a cash sale beside it, and a card step never finished: not a sale
    expect((await sell(saleOf({ cardMinor: 0, tenderedMinor: 1400, shiftId }))).status).toBe(201);
    expect((await sell(saleOf({ cardMinor: 1400, shiftId }))).body.status).toBe('awaiting_card');
    await send('staff', 'POST', `/api/dashboard/till/shifts/${shiftId}/close${q}`, { countedMinor: 6800 });
    const report: TillShiftReport = (await send('owner', 'GET', `/api/dashboard/till/shifts/${shiftId}/report${q}`)).body;
    expect(report).toMatchObject({ sales: 2, cashSalesMinor: 1800, cardSalesMinor: 1000, expectedMinor: 6800, differenceMinor: 0 });
    expect(report.staff).toEqual([expect.objectContaining({ sales: 2, salesMinor: 2800, cardMinor: 1000 })]);

    // refunded whole: the card part goes back through the provider, the rest across the counter
    const refund = await w.as('owner', `/api/dashboard/orders/${split.reference}/refunds${q}`, {
      method: 'POST',
      headers: { 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({ reason: 'Changed their mind.', whole: true }),
    });
    expect(refund.status).toBe(200);
    const paymentId = await paymentIdOf(split.reference);
    const refunds = () => db().selectFrom('refunds').select(['amount_minor', 'status']).where('payment_id', '=', paymentId).execute();
    await expect.poll(refunds).toEqual([{ amount_minor: 1000, status: 'succeeded' }]);
  });

  it('cancels the sale when the card step is given up, and its stock goes back; a declined card may try again', async () => {
    const before = await soldOf();
    const declined: TillSale = (await sell(saleOf())).body;
    await pay(declined, TEST_CARD.declined);
    expect((await confirm(declined.reference)).body.status).toBe('awaiting_card');
    await pay(declined);
    expect((await confirm(declined.reference)).body.status).toBe('paid');

    const given: TillSale = (await sell(saleOf())).body;
    expect(await soldOf()).toBe(before + 2);
    await payOnStep(w.ctx, given.cardStepUrl!, { action: 'cancel' });
    await sandboxOf(w.ctx).settled();
    expect((await confirm(given.reference)).body).toMatchObject({ status: 'cancelled', cardStepUrl: null });
    expect((await orderOf(given.reference)).status).toBe('cancelled');
    expect(await soldOf()).toBe(before + 1);
    expect(await kitchenOf(given.reference)).toEqual([]);
  });

  it('refuses a card offline, a card part above the total, and too little cash for the rest', async () => {
    const offline = await sell(saleOf({ offline: true }));
    expect([offline.status, offline.body.code]).toEqual([422, 'card_offline']);
    const over = await sell(saleOf({ cardMinor: 1500 }));
    expect([over.status, over.body.code]).toEqual([422, 'card_over_total']);
    const short = await sell(saleOf({ cardMinor: 1000, tenderedMinor: 399 }));
    expect([short.status, short.body.code]).toEqual([422, 'not_enough_cash']);
    expect((await send('staff', 'POST', `/api/dashboard/till/sales/SK-NONE00/card${q}`)).status).toBe(404);
    const other = await send('otherOwner', 'POST', `/api/dashboard/till/sales/SK-NONE00/card${q}`);
    expect(other.status).toBe(403);
  });
});
