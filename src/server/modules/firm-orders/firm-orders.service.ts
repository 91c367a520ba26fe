import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { cursorPaged } from '../../lib/paging';
import type { FirmOrderDetail, FirmOrderSummary, FulfilmentStep } from '../../../shared/firm-orders';
import type { OrderStatus } from '../../../shared/orders';
import type { CursorPaged } from '../../../shared/paging';
import { notify } from '../notifications/notify';
import { orderHandover } from '../orders/handover';
import { refundsOf } from '../orders/refunds';

/**
 * The orders a firm receives (workspace orders): a page of them, newest first, one by reference,
 * and the fulfilment of a paid shop order (ready, then collected), each step taken once whatever
 * runs at once (a conditional UPDATE), the buyer notified after the commit.
 *
 * A firm sees its buyers' names (and ticket holders' names), never their email or other details.
 */
const NEXT: Record<'none' | FulfilmentStep, FulfilmentStep | null> = { none: 'ready', ready: 'collected', collected: null };

const nameOf = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/** The firm that received the order with this reference, if there is one. */
export async function firmOfOrder(db: Kysely<Database>, reference: string): Promise<string | undefined> {
  return (await db.selectFrom('orders').select('firm_id').where('reference', '=', reference).executeTakeFirst())?.firm_id;
}

export function createFirmOrderService(deps: AppDeps) {
  const { db, clock } = deps;

  function summaryQuery() {
    return db
      .selectFrom('orders as o')
      .innerJoin('users as b', 'b.id', 'o.buyer_id')
      .leftJoin('events as e', 'e.id', 'o.event_id')
      .select([
        'o.id',
        'o.reference',
        'o.kind',
        'o.status',
        'o.fulfilment',
        'o.firm_id as firmId',
        'o.buyer_id as buyerId',
        'o.currency',
        'o.total_minor as totalMinor',
        'o.refunded_minor as refundedMinor',
        'o.discount_minor as discountMinor',
        'o.promo_code as promoCode',
        'o.created_at as createdAt',
        'o.paid_at as paidAt',
        'o.ready_at as readyAt',
        'o.collected_at as collectedAt',
        'o.table_label as tableLabel',
        'o.pay_at_counter as payAtCounter',
        'o.counter_method as counterMethod',
        'b.first_name as buyerFirst',
        'b.last_name as buyerLast',
        'e.name as eventName',
        (eb) =>
          eb
            .selectFrom('order_lines as l')
            .select((eb2) => eb2.fn.sum<number>('l.quantity').as('n'))
            .whereRef('l.order_id', '=', 'o.id')
            .where('l.kind', '!=', 'addon')
            .as('itemCount'),
        (eb) =>
          eb
            .selectFrom('order_lines as l')
            .select('l.label')
            .whereRef('l.order_id', '=', 'o.id')
            .orderBy('l.sort')
            .limit(1)
            .as('firstLabel'),
      ]);
  }
  type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['executeTakeFirstOrThrow']>>;

  const toSummary = (row: SummaryRow): FirmOrderSummary => ({
    id: row.id,
    reference: row.reference,
    kind: row.kind as FirmOrderSummary['kind'],
    status: row.status as OrderStatus,
    fulfilment: (row.fulfilment as FulfilmentStep | null) ?? null,
    title: row.eventName ?? row.firstLabel ?? row.reference,
    buyerName: nameOf(row.buyerFirst, row.buyerLast),
    currency: row.currency,
    totalMinor: row.totalMinor,
    itemCount: Number(row.itemCount ?? 0),
    createdAt: row.createdAt,
    paidAt: row.paidAt,
    table: row.tableLabel,
    payAtCounter: row.payAtCounter === 1,
  });

  /** `q`: a reference or part of one, any case, with or without its `SK-`. */
  const referencePart = (q: string) =>
    q
      .toUpperCase()
      .replace(/^SK-?/, '')
      .replace(/[^0-9A-Z]/g, '');

  /** A page of the firm's orders after `cursor` (the creation time and id of the last one shown). */
  async function list(
    firmId: string,
    options: { size: number; cursor?: readonly [string, string]; status?: OrderStatus; q?: string },
  ): Promise<CursorPaged<FirmOrderSummary>> {
    const part = options.q ? referencePart(options.q) : '';
    let rows = summaryQuery().where('o.firm_id', '=', firmId);
    if (options.status) rows = rows.where('o.status', '=', options.status);
    if (part) rows = rows.where('o.reference', 'like', `%${part}%`);
    const after = options.cursor;
    if (after) rows = rows.where((eb) => eb(eb.refTuple('o.created_at', 'o.id'), '<', eb.tuple(after[0], after[1])));
    const found = await rows
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(options.size + 1)
      .execute();
    return cursorPaged(found.map(toSummary), options.size, (order) => [order.createdAt, order.id]);
  }

  async function find(firmId: string, reference: string) {
    const row = await summaryQuery().where('o.reference', '=', reference).where('o.firm_id', '=', firmId).executeTakeFirst();
    if (!row) throw notFound('Order not found.');
    return row;
  }

  async function detail(firmId: string, reference: string): Promise<FirmOrderDetail> {
    const row = await find(firmId, reference);
    const [firm, lines, tickets, payment, refunds, handover] = await Promise.all([
      db.selectFrom('firms').select('timezone').where('id', '=', firmId).executeTakeFirstOrThrow(),
      db.selectFrom('order_lines').selectAll().where('order_id', '=', row.id).orderBy('sort').execute(),
      db
        .selectFrom('tickets as t')
        .innerJoin('users as h', 'h.id', 't.holder_id')
        .leftJoin('ticket_categories as c', 'c.id', 't.category_id')
        .select(['t.id', 't.status', 'c.name as categoryName', 'h.first_name as first', 'h.last_name as last'])
        .where('t.order_id', '=', row.id)
        .where('t.status', '!=', 'transferred')
        .orderBy('t.created_at')
        .orderBy('t.id')
        .execute(),
      db
        .selectFrom('payments')
        .select(['status', 'method'])
        .where('subject_type', '=', 'order')
        .where('subject_id', '=', row.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
      refundsOf(db, row.id),
      orderHandover(db, row.id),
    ]);
    const fulfilment = (row.fulfilment as FulfilmentStep | null) ?? null;
    return {
      ...toSummary(row),
      timezone: firm.timezone,
      lines: lines.map((l) => ({
        id: l.id,
        refundedQty: l.refunded_quantity,
        kind: l.kind as FirmOrderDetail['lines'][number]['kind'],
        label: l.label,
        qty: l.quantity,
        unitPrice: l.unit_price_minor,
        discountMinor: l.discount_minor,
      })),
      tickets: tickets.map((t) => ({
        id: t.id,
        categoryName: t.categoryName ?? '',
        holderName: nameOf(t.first, t.last),
        status: t.status as FirmOrderDetail['tickets'][number]['status'],
      })),
      payment: payment ? { status: payment.status as NonNullable<FirmOrderDetail['payment']>['status'], method: payment.method } : null,
      readyAt: row.readyAt,
      collectedAt: row.collectedAt,
      nextStep: row.kind === 'shop' && row.status === 'paid' ? NEXT[fulfilment ?? 'none'] : null,
      refundedMinor: row.refundedMinor,
      refunds,
      canRefund: row.status === 'paid' && lines.some((l) => l.refunded_quantity < l.quantity),
      handover,
      discount: row.promoCode ? { code: row.promoCode, amountMinor: row.discountMinor } : null,
      counterMethod: (row.counterMethod as FirmOrderDetail['counterMethod']) ?? null,
    };
  }

  /**
   * A paid shop order moves one step: none → ready → collected. The step is taken by one
   * conditional UPDATE in a transaction: of two at once, one moves the order, the other gets 409.
   */
  async function fulfil(firmId: string, reference: string, step: FulfilmentStep): Promise<FirmOrderDetail> {
    const row = await find(firmId, reference);
    const from = step === 'ready' ? null : 'ready';
    const at = clock().toISOString();
    const moved = await db.transaction().execute(async (trx) => {
      let update = trx
        .updateTable('orders')
        .set({ fulfilment: step, updated_at: at, ...(step === 'ready' ? { ready_at: at } : { collected_at: at }) })
        .where('id', '=', row.id)
        .where('kind', '=', 'shop')
        .where('status', '=', 'paid');
      update = from === null ? update.where('fulfilment', 'is', null) : update.where('fulfilment', '=', from);
      const result = await update.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    });
    if (!moved) {
      throw new HttpError(
        409,
        row.kind !== 'shop'
          ? 'Ticket orders have no collection step.'
          : row.status !== 'paid'
            ? 'Only a paid order can be made ready or handed over.'
            : 'This order has already moved on: reload it to see where it stands.',
        'fulfilment_step_refused',
      );
    }
    const firm = await db.selectFrom('firms').select(['name']).where('id', '=', firmId).executeTakeFirstOrThrow();
    await notify(
      deps,
      step === 'ready'
        ? // an order sent from a table is brought to it, as when the kitchen bumps it ready
          {
            to: row.buyerId,
            kind: 'order.ready',
            params: { firmName: firm.name, orderReference: row.reference, table: row.tableLabel ?? '' },
          }
        : { to: row.buyerId, kind: 'order.collected', params: { firmName: firm.name, orderReference: row.reference } },
    );
    return detail(firmId, reference);
  }

  return { list, detail, fulfil };
}
