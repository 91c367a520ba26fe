import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../lib/errors';

/**
 * Capacity (docs/architecture.md): seats and stock are taken with one conditional UPDATE
 * (`sold + n <= capacity`) inside the order's transaction, never read and then written; when the
 * UPDATE changes no row the whole order rolls back. A pending order's seats count in `sold` until
 * it is paid, or until it expires or is cancelled, when `release` gives them back.
 */

export const soldOut = (detail = 'Sold out: there are not enough places left for this order.') => new HttpError(409, detail, 'sold_out');
export const outOfStock = (name: string) =>
  new HttpError(409, `Not enough "${name}" left in stock.`, 'out_of_stock', { items: [`${name} is out of stock.`] });

/** A line that holds capacity: `n` seats of a category (and of its event), or `n` of a product (or of its variant). */
export interface Hold {
  kind: 'seats' | 'stock';
  itemId: string;
  eventId?: string;
  /** the product's variant whose stock is taken (a product with variants is sold by them) */
  variantId?: string | null;
  quantity: number;
}

const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) === 1;

export interface HoldOptions {
  /**
   * false only in the concurrency harness (orders.concurrency.test.ts): the classic
   * read-then-write, so the harness proves it would catch an oversell.
   */
  capacityGuard: boolean;
  /** the time a stock movement is logged at (the app's clock) */
  now: () => string;
}

/**
 * The holds in one order for every transaction (by the row each one locks first), so two carts with the same
 * products added in other orders never each hold the row the other waits for (a deadlock on PostgreSQL).
 */
const lockKey = (hold: Hold) => `${hold.kind}:${hold.variantId ?? hold.itemId}`;
const inLockOrder = (holds: Hold[]) => [...holds].sort((a, b) => (lockKey(a) < lockKey(b) ? -1 : lockKey(a) > lockKey(b) ? 1 : 0));

/**
 * Takes every hold or none: false when one of them does not fit, with what was taken so far
 * given back (the caller may still commit its transaction, e.g. a late payment's).
 */
export async function take(trx: Transaction<Database>, holds: Hold[], options: HoldOptions): Promise<boolean> {
  const taken: Hold[] = [];
  for (const hold of inLockOrder(holds)) {
    if (await takeOne(trx, hold, options)) {
      taken.push(hold);
      continue;
    }
    await release(trx, taken, options.now);
    return false;
  }
  return true;
}

async function takeOne(trx: Transaction<Database>, hold: Hold, options: HoldOptions): Promise<boolean> {
  const n = hold.quantity;
  if (hold.kind === 'stock' && hold.variantId) {
    const variant = await trx
      .updateTable('product_variants')
      .set((eb) => ({ sold: eb('sold', '+', n) }))
      .where('id', '=', hold.variantId)
      .where((eb) => eb.or([eb('track_stock', '=', 0), eb(eb('sold', '+', n), '<=', eb.ref('stock'))]))
      .executeTakeFirst();
    if (!changed(variant)) return false;
    await logMovement(trx, hold, -n, 'sale', options.now());
    return true;
  }
  if (hold.kind === 'stock') {
    const product = await trx
      .updateTable('products')
      .set((eb) => ({ sold: eb('sold', '+', n) }))
      .where('id', '=', hold.itemId)
      .where((eb) => eb.or([eb('track_stock', '=', 0), eb(eb('sold', '+', n), '<=', eb.ref('stock'))]))
      .executeTakeFirst();
    if (!changed(product)) return false;
    await logMovement(trx, hold, -n, 'sale', options.now());
    return true;
  }
  const category = trx
    .updateTable('ticket_categories')
    .set((eb) => ({ sold: eb('sold', '+', n) }))
    .where('id', '=', hold.itemId);
  const tookCategory = changed(
    options.capacityGuard
      ? await category.where((eb) => eb(eb('sold', '+', n), '<=', eb.ref('capacity'))).executeTakeFirst()
      : await category.executeTakeFirst(),
  );
  if (!tookCategory) return false;
  const event = trx
    .updateTable('events')
    .set((eb) => ({ sold: eb('sold', '+', n) }))
    .where('id', '=', hold.eventId!);
  const tookEvent = changed(
    options.capacityGuard
      ? await event.where((eb) => eb(eb('sold', '+', n), '<=', eb.ref('capacity'))).executeTakeFirst()
      : await event.executeTakeFirst(),
  );
  if (tookEvent) return true;
  await trx
    .updateTable('ticket_categories')
    .set((eb) => ({ sold: eb('sold', '-', n) }))
    .where('id', '=', hold.itemId)
    .execute();
  return false;
}

/**
 * Takes stock whether or not it is there: for goods already handed over (a till's offline sale), so
 * what is left goes below zero and the owner sees it in the stock log. Returns whether the stock had
 * run out (the sale took more than was left).
 */
export async function takeStockRegardless(trx: Transaction<Database>, hold: Hold, now: () => string): Promise<boolean> {
  const after = await trx
    .updateTable(hold.variantId ? 'product_variants' : 'products')
    .set((eb) => ({ sold: eb('sold', '+', hold.quantity) }))
    .where('id', '=', hold.variantId ?? hold.itemId)
    .returning(['stock', 'sold', 'track_stock'])
    .executeTakeFirstOrThrow();
  await logMovement(trx, hold, -hold.quantity, 'sale', now());
  // read from the row the UPDATE wrote (it holds the row's lock): a sale running at once counts too
  return after.track_stock === 1 && after.sold > after.stock;
}

/** Gives held seats or stock back (never below zero). */
export async function release(trx: Transaction<Database>, holds: Hold[], now: () => string): Promise<void> {
  for (const hold of inLockOrder(holds)) {
    const n = hold.quantity;
    if (hold.kind === 'seats') {
      await trx
        .updateTable('ticket_categories')
        .set((eb) => ({ sold: eb('sold', '-', n) }))
        .where('id', '=', hold.itemId)
        .where('sold', '>=', n)
        .execute();
      await trx
        .updateTable('events')
        .set((eb) => ({ sold: eb('sold', '-', n) }))
        .where('id', '=', hold.eventId!)
        .where('sold', '>=', n)
        .execute();
    } else if (hold.variantId) {
      const back = await trx
        .updateTable('product_variants')
        .set((eb) => ({ sold: eb('sold', '-', n) }))
        .where('id', '=', hold.variantId)
        .where('sold', '>=', n)
        .executeTakeFirst();
      if (changed(back)) await logMovement(trx, hold, n, 'released', now());
    } else {
      const back = await trx
        .updateTable('products')
        .set((eb) => ({ sold: eb('sold', '-', n) }))
        .where('id', '=', hold.itemId)
        .where('sold', '>=', n)
        .executeTakeFirst();
      if (changed(back)) await logMovement(trx, hold, n, 'released', now());
    }
  }
}

/** The holds of an order, read back from its lines. */
export async function holdsOf(db: Kysely<Database> | Transaction<Database>, orderId: string, eventId: string | null): Promise<Hold[]> {
  const lines = await db
    .selectFrom('order_lines')
    .select(['kind', 'item_id', 'variant_id', 'quantity'])
    .where('order_id', '=', orderId)
    .where('kind', 'in', ['ticket', 'product'])
    .execute();
  return lines.map((line) =>
    line.kind === 'ticket'
      ? { kind: 'seats' as const, itemId: line.item_id, eventId: eventId ?? undefined, quantity: line.quantity }
      : { kind: 'stock' as const, itemId: line.item_id, variantId: line.variant_id, quantity: line.quantity },
  );
}

/**
 * The stock log (the owner's inventory) shows what orders took and gave back, like its
 * adjustments: `delta` moves what is left (a sale −n, a released hold +n), so the log of a product,
 * or of one of its variants, adds up to stock − sold. Tracked stock only: an unlimited one has
 * nothing to count.
 */
async function logMovement(trx: Transaction<Database>, hold: Hold, delta: number, reason: 'sale' | 'released', at: string) {
  const after = hold.variantId
    ? await trx
        .selectFrom('product_variants')
        .select(['product_id', 'firm_id', 'stock', 'sold', 'track_stock'])
        .where('id', '=', hold.variantId)
        .executeTakeFirstOrThrow()
    : await trx
        .selectFrom('products')
        .select(['id as product_id', 'firm_id', 'stock', 'sold', 'track_stock'])
        .where('id', '=', hold.itemId)
        .executeTakeFirstOrThrow();
  if (after.track_stock !== 1) return;
  await trx
    .insertInto('stock_movements')
    .values({
      id: crypto.randomUUID(),
      product_id: after.product_id,
      variant_id: hold.variantId ?? null,
      firm_id: after.firm_id,
      delta,
      reason,
      note: null,
      available_after: after.stock - after.sold,
      user_id: null,
      created_at: at,
    })
    .execute();
}
