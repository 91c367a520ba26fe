import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import { channels } from '../../lib/realtime';
import { DEFAULT_STATION, orderKitchenStatus, type KitchenStatus } from '../../../shared/kitchen';

/**
 * What the orders module asks of the kitchen: open an order's tickets in the transaction that
 * marks it paid, tell the open boards, and read where an order stands for its buyer.
 */

/**
 * One ticket per station the order's dishes are made at (their menu section's station now; a dish
 * deleted since goes to the kitchen), each dish line marked with its station so that a section
 * moved to another station later leaves the tickets already sent as they are. Nothing for an
 * order without dishes, or one whose tickets are open already (paid at the counter after the kitchen
 * had it). Returns whether tickets were opened.
 */
export async function openKitchenTickets(trx: Transaction<Database>, orderId: string, at: string): Promise<boolean> {
  const open = await trx.selectFrom('kitchen_tickets').select('id').where('order_id', '=', orderId).limit(1).executeTakeFirst();
  if (open) return false;
  const lines = await trx
    .selectFrom('order_lines as l')
    .leftJoin('menu_items as m', 'm.id', 'l.item_id')
    .leftJoin('menu_sections as s', 's.id', 'm.section_id')
    .select(['l.id', 's.station'])
    .where('l.order_id', '=', orderId)
    .where('l.kind', '=', 'menu_item')
    .execute();
  if (!lines.length) return false;
  const byStation = new Map<string, string[]>();
  for (const line of lines) {
    const station = line.station ?? DEFAULT_STATION;
    byStation.set(station, [...(byStation.get(station) ?? []), line.id]);
  }
  const order = await trx.selectFrom('orders').select('firm_id').where('id', '=', orderId).executeTakeFirstOrThrow();
  for (const [station, lineIds] of byStation) {
    await trx.updateTable('order_lines').set({ station }).where('id', 'in', lineIds).execute();
  }
  await trx
    .insertInto('kitchen_tickets')
    .values(
      [...byStation.keys()].map((station) => ({
        id: crypto.randomUUID(),
        order_id: orderId,
        firm_id: order.firm_id,
        station,
        status: 'received',
        placed_at: at,
        updated_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(['order_id', 'station']).doNothing())
    .execute();
  return true;
}

/**
 * Tells the firm's open boards and the buyer's open order page that something moved. Events carry
 * ids only: each reader fetches what it may see (a board polls the same read when its stream drops).
 */
export async function publishKitchenChange(
  deps: Pick<AppDeps, 'realtime'>,
  change: { firmId: string; buyerId: string; reference: string },
) {
  await Promise.all([
    deps.realtime.publish(channels.firm(change.firmId), { type: 'kitchen', data: { reference: change.reference } }),
    deps.realtime.publish(channels.user(change.buyerId), { type: 'kitchen', data: { reference: change.reference } }),
  ]);
}

/** The order's step for its buyer (its least advanced ticket), or null when it has no dish. */
export async function kitchenStatusOf(db: Kysely<Database> | Transaction<Database>, orderId: string): Promise<KitchenStatus | null> {
  const rows = await db.selectFrom('kitchen_tickets').select('status').where('order_id', '=', orderId).execute();
  return orderKitchenStatus(rows.map((r) => r.status as KitchenStatus));
}
