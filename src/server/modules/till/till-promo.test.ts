import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FIRM, useWorkspace, type Actor } from '../../testing/workspace-fixtures';
import { FIXTURE_NOW } from '../../testing/marketplace-fixtures';
import { insertPromoCode } from '../../testing/catalogue-fixtures';
import type { TillSale, TillSaleInput } from '../../../shared/till';

/**
 * Promo codes at the till, by the checkout's rules: the code is checked before the sale is charged,
 * priced again with the sale, and its use taken in the sale's transaction, so 10 tills at once for a
 * code of 3 uses leave 3 discounted sales. A code outside its window or below its minimum is refused,
 * as is one of one use per customer (the till cannot tell its customers apart), one beside a till
 * discount, and one in a sale made offline. SQLite, and PostgreSQL with DATABASE_URL.
 */
const w = useWorkspace();
const db = () => w.ctx.deps.db;

let codes = 0;
/** A code of the firm: 10% off everything, unless `extra` says otherwise. */
async function insertCode(extra: Parameters<typeof insertPromoCode>[3] = {}) {
  codes += 1;
  const code = `TILL${codes}X`;
  await insertPromoCode(db(), FIRM, code, extra);
  return code;
}

async function send(actor: Actor, method: string, path: string, body?: unknown) {
  const response = await w.as(actor, path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Four croissants (10.00) for cash. */
function saleOf(promoCode: string | null, extra: Partial<TillSaleInput> = {}): TillSaleInput {
  return {
    saleKey: crypto.randomUUID(),
    lines: [{ kind: 'menu_item', itemId: 'i1', variantId: null, option: null, quantity: 4, unitPrice: 250, discount: null }],
    discount: null,
    note: '',
    currency: 'EUR',
    tenderedMinor: 1000,
    cardMinor: 0,
    soldAt: FIXTURE_NOW.toISOString(),
    offline: false,
    shiftId: null,
    promoCode,
    ...extra,
  };
}

const sell = (input: TillSaleInput) => send('staff', 'POST', `/api/dashboard/till/sales?firmId=${FIRM}`, input);
const check = (code: string) => send('staff', 'POST', `/api/dashboard/till/promo?firmId=${FIRM}`, { code });
const usesOf = async (code: string) =>
  (await db().selectFrom('promo_codes').select('uses').where('code_key', '=', code).executeTakeFirstOrThrow()).uses;

describe('promo codes at the till', () => {
  it("checks the customer's code before the sale is charged, and refuses one of one use per customer", async () => {
    const code = await insertCode();
    const found = await check(code.toLowerCase());
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ code, kind: 'percent', value: 10, targets: null });
    expect((await check('NOSUCHCODE')).body.code).toBe('promo_unknown');
    const once = await insertCode({ once_per_customer: 1 });
    expect([(await check(once)).status, (await check(once)).body.code]).toEqual([422, 'promo_once_per_customer']);
    expect((await sell(saleOf(once))).body.code).toBe('promo_once_per_customer');
  });

  it('takes the discount off the sale and a use of the code, on the order as at checkout', async () => {
    const code = await insertCode();
    const input = saleOf(code);
    const answer = await sell(input);
    expect(answer.status).toBe(201);
    const sale: TillSale = answer.body;
    expect(sale).toMatchObject({
      subtotalMinor: 1000,
      discountMinor: 0,
      totalMinor: 900,
      changeMinor: 100,
      promo: { code, discountMinor: 100 },
    });
    expect(await usesOf(code)).toBe(1);
    const order = await db()
      .selectFrom('orders')
      .select(['promo_code', 'discount_minor', 'total_minor'])
      .where('reference', '=', sale.reference)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ promo_code: code, discount_minor: 100, total_minor: 900 });
    // sent again under the same key: the same sale, the use taken once
    const again = await sell(input);
    expect([again.status, again.body.reference]).toEqual([200, sale.reference]);
    expect(await usesOf(code)).toBe(1);
  });

  it('gives the last uses of a code once: 10 tills at once for a code of 3 uses leave 3 discounted sales', async () => {
    const code = await insertCode({ usage_limit: 3 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => sell(saleOf(code))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(new Set(answers.filter((a) => a.status !== 201).map((a) => a.body.code))).toEqual(new Set(['promo_exhausted']));
    expect(await usesOf(code)).toBe(3);
  });

  it('keeps the window and the minimum, and refuses a code beside a till discount or offline', async () => {
    const expired = await insertCode({ ends_at: new Date(FIXTURE_NOW.getTime() - 3_600_000).toISOString() });
    expect((await sell(saleOf(expired))).body.code).toBe('promo_expired');
    const minimum = await insertCode({ min_order_minor: 2000 });
    expect((await sell(saleOf(minimum))).body.code).toBe('promo_below_minimum');
    const code = await insertCode();
    const discounted = await sell(saleOf(code, { discount: { kind: 'percent', value: 5 } }));
    expect([discounted.status, discounted.body.code]).toEqual([422, 'promo_with_discount']);
    const offline = await sell(saleOf(code, { offline: true }));
    expect([offline.status, offline.body.code]).toEqual([422, 'promo_offline']);
    expect(await usesOf(code)).toBe(0);
  });
});
