import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Language } from '../../../shared/i18n';
import { claimPromoUse, type OrderPromo } from '../promotions/promo-uses';
import { outOfStock, soldOut, take, type Hold } from './holds';
import { problem, type OrderContext, type OrderRow } from './order-context';
import { orderReference, ticketCode } from './references';

/** A checkout's order as it is written: its lines, the capacity it holds and, for tickets, who holds them. */
export interface NewOrder {
  buyerId: string;
  firmId: string;
  kind: 'tickets' | 'shop' | 'till';
  eventId: string | null;
  currency: string;
  /** what is paid: the lines less the promo code's discount, plus any delivery fee */
  total: number;
  /** the promo code the lines were priced with: its use is taken in the order's transaction */
  promo?: OrderPromo;
  idempotencyKey: string;
  requestHash: string;
  language: Language;
  /** the buyer's note for the kitchen (a cart with dishes) */
  kitchenNote?: string | null;
  /** the table whose code the buyer scanned, its label as it reads now */
  table?: { id: string; label: string };
  /** paid at the counter later: no hold, no payment step (the caller sends its dishes to the kitchen in `finish`) */
  payAtCounter?: boolean;
  lines: {
    kind: string;
    itemId: string;
    label: string;
    unitPrice: number;
    quantity: number;
    /** a product's variant, or (no id) a dish's option chosen at the till */
    variant?: { id: string | null; name: string } | null;
  }[];
  holds: Hold[];
  holderIds: string[];
  categoryId?: string;
  /** the sale's rules, checked again in the order's transaction before it takes the places (throws to roll it back) */
  rules?: (trx: Transaction<Database>) => Promise<void>;
  /**
   * the buyer's share of the sale, counted once the places are taken: every path locks the capacity rows before a
   * buyer's count (expiry, late payments, refunds), or a checkout and the expiry of the same buyer's earlier order
   * wait for each other (a deadlock on PostgreSQL)
   */
  buyerShare?: (trx: Transaction<Database>) => Promise<void>;
  /** paid when it is written (a sale at the till): no hold, no payment step */
  paidNow?: boolean;
  /** the caller's own writes in the order's transaction, once its lines are in (throws to roll it back) */
  finish?: (trx: Transaction<Database>, orderId: string) => Promise<void>;
}

/** A replay of the same Idempotency-Key: the same order, or a refusal when the request differs. */
export function replayOf(existing: { request_hash: string }, requestHash: string) {
  if (existing.request_hash !== requestHash) {
    throw problem(422, 'idempotency_key_reused', 'This Idempotency-Key was used for a different purchase. Start the purchase again.');
  }
}

export function createOrderWriter(ctx: OrderContext) {
  const { db, clock, now, holdUntil, holdOptions } = ctx;

  /** The order row, or nothing when its reference or its Idempotency-Key is taken already. */
  async function insertOrder(trx: Transaction<Database>, id: string, reference: string, order: NewOrder) {
    const inserted = await trx
      .insertInto('orders')
      .values({
        id,
        reference,
        buyer_id: order.buyerId,
        firm_id: order.firmId,
        kind: order.kind,
        event_id: order.eventId,
        status: order.paidNow ? 'paid' : 'pending_payment',
        currency: order.currency,
        total_minor: order.total,
        discount_minor: order.promo?.discount ?? 0,
        promo_code_id: order.promo?.codeId ?? null,
        promo_code: order.promo?.code ?? null,
        hold_expires_at: order.paidNow || order.payAtCounter ? null : holdUntil(),
        idempotency_key: order.idempotencyKey,
        request_hash: order.requestHash,
        language: order.language,
        kitchen_note: order.kitchenNote ?? null,
        table_id: order.table?.id ?? null,
        table_label: order.table?.label ?? null,
        pay_at_counter: order.payAtCounter ? 1 : 0,
        created_at: now(),
        updated_at: now(),
        paid_at: order.paidNow ? now() : null,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async function insertLines(trx: Transaction<Database>, orderId: string, order: NewOrder) {
    if (!order.lines.length) return;
    await trx
      .insertInto('order_lines')
      .values(
        order.lines.map((line, index) => ({
          id: crypto.randomUUID(),
          order_id: orderId,
          kind: line.kind,
          item_id: line.itemId,
          label: line.label,
          unit_price_minor: line.unitPrice,
          quantity: line.quantity,
          sort: index,
          variant_id: line.variant?.id ?? null,
          variant_name: line.variant?.name ?? null,
          discount_minor: order.promo?.discounts[index] ?? 0,
        })),
      )
      .execute();
  }

  /** One reserved ticket per holder; valid once the order is paid. */
  async function insertTickets(trx: Transaction<Database>, orderId: string, order: NewOrder) {
    if (!order.holderIds.length) return;
    await trx
      .insertInto('tickets')
      .values(
        order.holderIds.map((holderId, index) => ({
          id: crypto.randomUUID(),
          order_id: orderId,
          event_id: order.eventId!,
          category_id: order.categoryId!,
          holder_id: holderId,
          code: ticketCode(),
          status: 'reserved',
          transferred_from: null,
          created_at: new Date(clock().getTime() + index).toISOString(),
          updated_at: now(),
        })),
      )
      .execute();
  }

  async function attempt(order: NewOrder, reference: string): Promise<{ row: OrderRow; created: boolean } | null> {
    return db.transaction().execute(async (trx) => {
      const id = crypto.randomUUID();
      if (!(await insertOrder(trx, id, reference, order))) {
        const existing = await trx
          .selectFrom('orders')
          .selectAll()
          .where('buyer_id', '=', order.buyerId)
          .where('idempotency_key', '=', order.idempotencyKey)
          .executeTakeFirst();
        // not the same key: the reference was taken, try another one
        return existing ? { row: existing, created: false } : null;
      }
      await order.rules?.(trx);
      if (!(await take(trx, order.holds, holdOptions))) {
        throw order.kind === 'tickets' ? soldOut() : outOfStock(order.lines.find((l) => l.kind === 'product')?.label ?? '');
      }
      await order.buyerShare?.(trx);
      await insertLines(trx, id, order);
      await insertTickets(trx, id, order);
      if (order.promo) await claimPromoUse(trx, id, order.buyerId, order.promo, now());
      await order.finish?.(trx, id);
      const row = await trx.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return { row, created: true };
    });
  }

  /**
   * The order, its lines, its tickets (reserved) and its holds, in one transaction: the order row
   * first (so a concurrent request with the same Idempotency-Key waits for this one and then finds
   * it), then the conditional UPDATEs that take capacity; if one fails, everything rolls back.
   */
  async function createOrder(order: NewOrder): Promise<{ row: OrderRow; created: boolean }> {
    for (let tries = 0; tries < 5; tries++) {
      const result = await attempt(order, orderReference());
      if (result) return result;
    }
    throw new Error('could not find a free order reference');
  }

  return { createOrder };
}
