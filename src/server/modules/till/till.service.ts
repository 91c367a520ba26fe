import type { Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { ActiveEmployment } from '../../app-env';
import type { Database } from '../../db/schema';
import { formatMoney } from '../../../shared/dates';
import type { Language } from '../../../shared/i18n';
import { can } from '../../../shared/permissions';
import {
  discountOverLimit,
  tillTotals,
  TILL_DISCOUNT_LIMIT_PERCENT,
  type TillCatalogue,
  type TillFlag,
  type TillSale,
  type TillSaleInput,
} from '../../../shared/till';
import { openKitchenTickets, publishKitchenChange } from '../kitchen/kitchen-tickets';
import { takeStockRegardless, type Hold } from '../orders/holds';
import { createOrderWriter, replayOf } from '../orders/new-order';
import { createOrderContext, hashOf, problem } from '../orders/order-context';
import { readTillItems, tillCatalogueGroups, type StockedItem } from './till-items';

/**
 * Selling at the till: the sale checked against the firm's items as they are now, written as a paid
 * order (its stock taken in the same transaction, its dishes sent to the kitchen) with the cash
 * beside it. See src/shared/till.ts for what an offline sale may do that an online one may not.
 */
export function createTillService(deps: AppDeps, options: { capacityGuard: boolean }) {
  const ctx = createOrderContext(deps, options);
  const { db, now } = ctx;
  const { createOrder } = createOrderWriter(ctx);

  async function saleView(orderId: string, created: boolean): Promise<TillSale> {
    const row = await db
      .selectFrom('till_sales as s')
      .innerJoin('orders as o', 'o.id', 's.order_id')
      .select(['o.reference', 'o.total_minor', 'o.currency', 's.subtotal_minor', 's.discount_minor', 's.tendered_minor'])
      .select(['s.change_minor', 's.flags', 's.offline', 's.sold_at'])
      .where('s.order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    return {
      reference: row.reference,
      subtotalMinor: row.subtotal_minor,
      discountMinor: row.discount_minor,
      totalMinor: row.total_minor,
      tenderedMinor: row.tendered_minor,
      changeMinor: row.change_minor,
      currency: row.currency,
      flags: JSON.parse(row.flags) as TillFlag[],
      offline: row.offline === 1,
      soldAt: row.sold_at,
      created,
    };
  }

  /** What refuses an online sale flags an offline one: its goods and its cash have changed hands already. */
  function refuseOrFlag(input: TillSaleInput, flags: Set<TillFlag>, flag: TillFlag, refusal: () => Error) {
    if (!input.offline) throw refusal();
    flags.add(flag);
  }

  function checkLines(input: TillSaleInput, items: StockedItem[], flags: Set<TillFlag>) {
    const unavailable = items.filter((item) => !item.available);
    if (unavailable.length) {
      refuseOrFlag(input, flags, 'unavailable', () =>
        problem(422, 'item_unavailable', `No longer available: ${unavailable.map((i) => i.name).join(', ')}.`, {
          items: unavailable.map((i) => `${i.name} is no longer available.`),
        }),
      );
    }
    const repriced = items.filter((item, index) => item.price !== input.lines[index].unitPrice);
    if (repriced.length) {
      refuseOrFlag(input, flags, 'price_changed', () =>
        problem(
          409,
          'price_changed',
          `The price of ${repriced.map((i) => `${i.name} is now ${formatMoney(i.price, i.currency)}`).join(', ')}.`,
        ),
      );
    }
  }

  /**
   * The sale joins the shift its till had open, even one closed since: a sale queued offline was
   * made, and its cash put in the drawer, before that drawer was counted.
   */
  async function checkShift(employment: ActiveEmployment, shiftId: string | null) {
    if (!shiftId) return;
    const shift = await db
      .selectFrom('till_shifts')
      .select('id')
      .where('id', '=', shiftId)
      .where('firm_id', '=', employment.firmId)
      .executeTakeFirst();
    if (!shift) throw problem(422, 'till_shift_unknown', 'This sale names a shift this firm never had: reload the till.');
  }

  /** The sale's own row, the stock of an offline sale, and the kitchen's tickets, in the order's transaction. */
  const finishSale =
    (input: TillSaleInput, employment: ActiveEmployment, figures: ReturnType<typeof tillTotals>, flags: Set<TillFlag>, stock: Hold[]) =>
    async (trx: Transaction<Database>, orderId: string) => {
      const written = new Set(flags);
      for (const hold of input.offline ? stock : []) {
        if (await takeStockRegardless(trx, hold, now)) written.add('out_of_stock');
      }
      await trx
        .insertInto('till_sales')
        .values({
          order_id: orderId,
          firm_id: employment.firmId,
          seller_id: employment.userId,
          sale_key: input.saleKey,
          subtotal_minor: figures.subtotal,
          discount_minor: figures.discount,
          tendered_minor: input.tenderedMinor,
          change_minor: input.tenderedMinor - figures.total,
          offline: input.offline ? 1 : 0,
          flags: JSON.stringify([...written].sort()),
          sold_at: input.soldAt,
          received_at: now(),
          shift_id: input.shiftId,
        })
        .execute();
      await openKitchenTickets(trx, orderId, now());
    };

  async function sell(employment: ActiveEmployment, input: TillSaleInput, language: Language): Promise<TillSale> {
    // not `offline` nor `soldAt`: a sale whose answer was lost online is sent again from the offline queue
    const { saleKey, lines, discount, note, currency, tenderedMinor } = input;
    // a line without a discount hashes as it did before lines could have one: a sale queued then is still recognised
    const hashedLines = lines.map(({ discount: off, ...line }) => (off ? { ...line, discount: off } : line));
    const requestHash = hashOf({ kind: 'till', saleKey, lines: hashedLines, discount, note, currency, tenderedMinor });
    const prior = await db
      .selectFrom('till_sales as s')
      .innerJoin('orders as o', 'o.id', 's.order_id')
      .select(['o.id', 'o.request_hash'])
      .where('s.firm_id', '=', employment.firmId)
      .where('s.sale_key', '=', input.saleKey)
      .executeTakeFirst();
    if (prior) {
      replayOf(prior, requestHash);
      return saleView(prior.id, false);
    }
    const items = await readTillItems(db, employment.firmId, input.lines);
    const firm = await db
      .selectFrom('firms')
      .select(['currency', 'till_offline'])
      .where('id', '=', employment.firmId)
      .executeTakeFirstOrThrow();
    if (items.some((item) => item.currency !== input.currency)) {
      throw problem(409, 'price_changed', `This till sells in ${firm.currency}: reload it and make the sale again.`);
    }
    await checkShift(employment, input.shiftId);
    const flags = new Set<TillFlag>();
    if (input.offline && firm.till_offline !== 1) flags.add('offline_not_allowed');
    checkLines(input, items, flags);
    // an offline sale keeps the prices it was made at: that is what the customer paid
    const priced = input.lines.map((line, index) => ({ ...line, unitPrice: input.offline ? line.unitPrice : items[index].price }));
    const figures = tillTotals(priced, input.discount);
    if (discountOverLimit(figures.subtotal, figures.discount) && !can(employment.role, 'till.manage')) {
      refuseOrFlag(input, flags, 'discount_over_limit', () =>
        problem(403, 'discount_over_limit', `A discount above ${TILL_DISCOUNT_LIMIT_PERCENT}% needs an owner or a manager.`),
      );
    }
    if (input.tenderedMinor < figures.total) {
      throw problem(422, 'not_enough_cash', `The cash given is less than the total, ${formatMoney(figures.total, input.currency)}.`, {
        tenderedMinor: ['Less than the total.'],
      });
    }
    const stock: Hold[] = priced
      .filter((line) => line.kind === 'product')
      .map((line) => ({ kind: 'stock', itemId: line.itemId, variantId: line.variantId, quantity: line.quantity }));
    const { row, created } = await createOrder({
      buyerId: employment.userId,
      firmId: employment.firmId,
      kind: 'till',
      eventId: null,
      currency: input.currency,
      total: figures.total,
      idempotencyKey: `till:${input.saleKey}`,
      requestHash,
      language,
      kitchenNote: input.note || null,
      lines: priced.map((line, index) => ({
        kind: line.kind,
        itemId: line.itemId,
        label: items[index].name,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        variant: items[index].variant,
      })),
      // online, stock is taken only where it is left (or the sale is refused); offline, whatever is left
      holds: input.offline ? [] : stock,
      holderIds: [],
      paidNow: true,
      finish: finishSale(input, employment, figures, flags, stock),
    });
    if (!created) {
      replayOf(row, requestHash);
      return saleView(row.id, false);
    }
    if (priced.some((line) => line.kind === 'menu_item')) {
      await publishKitchenChange(deps, { firmId: employment.firmId, buyerId: employment.userId, reference: row.reference });
    }
    return saleView(row.id, true);
  }

  async function catalogue(employment: ActiveEmployment): Promise<TillCatalogue> {
    const [firm, groups] = await Promise.all([
      db.selectFrom('firms').select(['currency', 'till_offline']).where('id', '=', employment.firmId).executeTakeFirstOrThrow(),
      tillCatalogueGroups(db, employment.firmId),
    ]);
    const manages = can(employment.role, 'till.manage');
    return {
      currency: firm.currency,
      offlineAllowed: firm.till_offline === 1,
      unlimitedDiscounts: manages,
      canChangeSettings: manages,
      groups,
    };
  }

  async function setOfflineAllowed(employment: ActiveEmployment, allowed: boolean): Promise<TillCatalogue> {
    await db
      .updateTable('firms')
      .set({ till_offline: allowed ? 1 : 0 })
      .where('id', '=', employment.firmId)
      .execute();
    return catalogue(employment);
  }

  return { catalogue, sell, setOfflineAllowed };
}
