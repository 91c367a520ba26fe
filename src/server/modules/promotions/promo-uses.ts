import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AUDIENCE } from '../../../shared/audience';
import { formatMoney } from '../../../shared/dates';
import type { Language } from '../../../shared/i18n';
import { promoKey, promoOutcome, type PromoLine, type PromoTerms } from '../../../shared/promotions';
import { isInsider } from '../firm-followers/audience';
import { promoRefused } from './promo-texts';

/**
 * A buyer's code at checkout: found and judged before the order is written, then taken inside the
 * order's transaction by a conditional UPDATE (`uses < usage_limit`), so the last use of a limited
 * code goes to one buyer only; given back, once, when the order closes unpaid (docs/decisions/054).
 */

type Source = Kysely<Database> | Transaction<Database>;
type PromoRow = Selectable<Database['promo_codes']>;

/** Who asks for which code of which firm, when, and in which language a refusal is told. */
export interface PromoAsk {
  firmId: string;
  buyerId: string;
  code: string;
  at: string;
  language: Language;
}

/** The code an order was priced with: what it takes off each of its lines. */
export interface OrderPromo {
  codeId: string;
  code: string;
  oncePerCustomer: boolean;
  language: Language;
  discounts: number[];
  discount: number;
}

const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) > 0;

async function targetsOf(db: Source, codeId: string): Promise<PromoTerms['targets']> {
  const rows = await db.selectFrom('promo_code_targets').select(['target_type', 'target_id']).where('code_id', '=', codeId).execute();
  if (!rows.length) return null;
  const of = (type: string) => rows.filter((r) => r.target_type === type).map((r) => r.target_id);
  return { events: of('event'), tiers: of('tier'), products: of('product') };
}

/**
 * Refuses a code that is withdrawn, outside its window, for followers the buyer is not one of, used
 * up, or used already by this buyer.
 */
async function judge(db: Source, row: PromoRow, ask: PromoAsk): Promise<void> {
  if (row.active !== 1 || (row.ends_at !== null && row.ends_at <= ask.at)) throw promoRefused('promo_expired', ask.language);
  if (row.starts_at !== null && row.starts_at > ask.at) throw promoRefused('promo_not_started', ask.language);
  if (row.audience === AUDIENCE.FOLLOWERS && !(await isInsider(db, ask.firmId, ask.buyerId))) {
    throw promoRefused('promo_followers_only', ask.language);
  }
  if (row.usage_limit !== null && row.uses >= row.usage_limit) throw promoRefused('promo_exhausted', ask.language);
  if (row.once_per_customer !== 1) return;
  const used = await db
    .selectFrom('promo_code_uses')
    .select('order_id')
    .where('code_id', '=', row.id)
    .where('once_key', '=', ask.buyerId)
    .executeTakeFirst();
  if (used) throw promoRefused('promo_used', ask.language);
}

/** The firm's code the buyer typed, usable by them now: its row and what it does. */
export async function usablePromo(db: Source, ask: PromoAsk): Promise<{ row: PromoRow; terms: PromoTerms }> {
  const row = await db
    .selectFrom('promo_codes')
    .selectAll()
    .where('firm_id', '=', ask.firmId)
    .where('code_key', '=', promoKey(ask.code))
    .executeTakeFirst();
  if (!row) throw promoRefused('promo_unknown', ask.language);
  await judge(db, row, ask);
  const terms: PromoTerms = {
    code: row.code,
    kind: row.kind as PromoTerms['kind'],
    value: row.value,
    currency: row.currency,
    minOrderMinor: row.min_order_minor,
    targets: await targetsOf(db, row.id),
  };
  return { row, terms };
}

/** The code on an order's lines: each line's discount, or the refusal when it does not fit them. */
export async function promoForOrder(db: Source, ask: PromoAsk, lines: PromoLine[], currency: string): Promise<OrderPromo> {
  const { row, terms } = await usablePromo(db, ask);
  const outcome = promoOutcome(terms, lines, currency);
  if (outcome.misfit) throw promoRefused(outcome.misfit, ask.language, formatMoney(row.min_order_minor, currency, ask.language));
  return {
    codeId: row.id,
    code: row.code,
    oncePerCustomer: row.once_per_customer === 1,
    language: ask.language,
    discounts: outcome.discounts,
    discount: outcome.discount,
  };
}

/**
 * Takes one use for the order, in its transaction: the use's row first (its unique index refuses
 * the same buyer twice when the code is once per customer), then the count, only while it is under
 * the limit and the code still valid. A refusal throws and rolls the whole order back.
 */
export async function claimPromoUse(trx: Transaction<Database>, orderId: string, buyerId: string, promo: OrderPromo, at: string) {
  const inserted = await trx
    .insertInto('promo_code_uses')
    .values({
      order_id: orderId,
      code_id: promo.codeId,
      buyer_id: buyerId,
      once_key: promo.oncePerCustomer ? buyerId : null,
      created_at: at,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw promoRefused('promo_used', promo.language);
  const taken = await trx
    .updateTable('promo_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', promo.codeId)
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('uses', '<', eb.ref('usage_limit'))]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
    .executeTakeFirst();
  if (!changed(taken)) throw promoRefused('promo_exhausted', promo.language);
}

/** Gives an order's use back (it closed unpaid); a second call finds no use and gives nothing. */
export async function giveBackPromoUse(trx: Transaction<Database>, orderId: string): Promise<void> {
  const use = await trx.deleteFrom('promo_code_uses').where('order_id', '=', orderId).returning('code_id').executeTakeFirst();
  if (!use) return;
  await trx
    .updateTable('promo_codes')
    .set((eb) => ({ uses: eb('uses', '-', 1) }))
    .where('id', '=', use.code_id)
    .where('uses', '>', 0)
    .execute();
}

/**
 * An order paid after its hold ended, whose places were taken again: the buyer paid the discounted
 * price, so its use counts again whatever the limit (like its places). Once: its row is keyed by the order.
 */
export async function retakePromoUse(
  trx: Transaction<Database>,
  order: { id: string; buyer_id: string; promo_code_id: string | null },
  at: string,
) {
  if (!order.promo_code_id) return;
  const inserted = await trx
    .insertInto('promo_code_uses')
    .values({ order_id: order.id, code_id: order.promo_code_id, buyer_id: order.buyer_id, once_key: null, created_at: at })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
  await trx
    .updateTable('promo_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', order.promo_code_id)
    .execute();
}
