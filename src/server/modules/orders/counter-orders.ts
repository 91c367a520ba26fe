import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { COUNTER_ORDERS_OPEN_MAX } from '../../../shared/firm-tables';
import type { CartCheckout } from '../../../shared/cart';
import { tableOfOrder } from '../firm-tables/firm-tables.service';
import { problem } from './order-context';

/**
 * Orders from a table's code, and those paid at the counter (decision 069). The table's token comes
 * from the guest's browser: it must name a table of the firm whose dishes are ordered. Paying at the
 * counter sends the dishes to the kitchen before any money is taken, so it is for a table's order
 * of dishes only, where the firm allows it, and one account keeps at most a few such orders unpaid.
 */
export async function tableOrderOf(
  db: Kysely<Database>,
  firmId: string,
  input: Pick<CartCheckout, 'tableToken' | 'payAtCounter'>,
  itemTypes: readonly string[],
): Promise<{ table?: { id: string; label: string }; payAtCounter: boolean }> {
  const table = input.tableToken ? await tableOfOrder(db, firmId, input.tableToken) : undefined;
  if (input.tableToken && !table) {
    throw problem(422, 'table_unknown', 'This code names no table of this firm: scan the code on your table again.', {
      tableToken: ['Not a table of this firm.'],
    });
  }
  if (!input.payAtCounter) return { table, payAtCounter: false };
  if (!table) throw problem(422, 'counter_needs_table', 'Paying at the counter is for orders from a table: scan the code on your table.');
  if (itemTypes.some((type) => type !== 'menu_item')) {
    throw problem(422, 'counter_dishes_only', 'Only dishes can be paid at the counter: pay for this order now.');
  }
  const firm = await db.selectFrom('firms').select('counter_payment').where('id', '=', firmId).executeTakeFirstOrThrow();
  if (firm.counter_payment !== 1)
    throw problem(422, 'counter_payment_off', 'This firm takes payment when you order: pay for this order now.');
  return { table, payAtCounter: true };
}

/**
 * In the order's transaction, once its row is in: the buyer's open counter orders, this one
 * included, within the limit. The buyer's row is written first so that two checkouts of the same
 * buyer count one after the other (on PostgreSQL each would otherwise not see the other's order).
 */
export async function withinCounterLimit(trx: Transaction<Database>, buyerId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ status_code: eb.ref('status_code') }))
    .where('id', '=', buyerId)
    .execute();
  const open = await trx
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('buyer_id', '=', buyerId)
    .where('pay_at_counter', '=', 1)
    .where('status', '=', 'pending_payment')
    .executeTakeFirstOrThrow();
  if (Number(open.n) > COUNTER_ORDERS_OPEN_MAX) {
    throw problem(
      409,
      'counter_orders_open',
      `You have ${COUNTER_ORDERS_OPEN_MAX} orders to pay at the counter already: pay one of them there, or pay for this order now.`,
    );
  }
}
