import type { ExpressionBuilder } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { jobsOf } from '../../lib/jobs';
import {
  nextKitchenStatus,
  previousKitchenStatus,
  type KitchenBoard,
  type KitchenSetup,
  type KitchenStation,
  type KitchenStatus,
  type KitchenTicket,
  type KitchenTimers,
} from '../../../shared/kitchen';
import { notify } from '../notifications/notify';
import { kitchenStatusOf, publishKitchenChange } from './kitchen-tickets';

/**
 * The kitchen display's side of the firm: the board (open tickets of a station with their dishes,
 * the last served for a recall, the all-day counts), bumping and recalling a ticket, and which
 * station each menu section's dishes go to, whether guests may order dishes at all, and when the
 * board's timers change colour.
 */
const READY_JOB = 'kitchen.ready-notification';
/** how many served tickets the board keeps within reach of a recall */
const SERVED_SHOWN = 5;

/** The orders the kitchen makes: paid ones, and those the guest pays at the counter once served. */
const cooked = (eb: ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>) =>
  eb.or([eb('o.status', '=', 'paid'), eb.and([eb('o.status', '=', 'pending_payment'), eb('o.pay_at_counter', '=', 1)])]);

export function createKitchenService(deps: AppDeps) {
  const { db, clock } = deps;
  const jobs = jobsOf(deps);

  // written with the bump that made the whole order ready, so a process dying after the commit still tells the buyer
  jobs.define<{ orderId: string }>(READY_JOB, async ({ orderId }) => {
    const order = await db
      .selectFrom('orders as o')
      .innerJoin('firms as f', 'f.id', 'o.firm_id')
      .select(['o.buyer_id', 'o.reference', 'o.table_label', 'f.name'])
      .where('o.id', '=', orderId)
      .executeTakeFirst();
    if (!order) return;
    await notify(deps, {
      to: order.buyer_id,
      kind: 'order.ready',
      // an order sent from a table is brought to it; one from the counter is collected
      params: { firmName: order.name, orderReference: order.reference, table: order.table_label ?? '' },
    });
  });

  function ticketQuery(firmId: string, station: KitchenStation | undefined) {
    let query = db
      .selectFrom('kitchen_tickets as t')
      .innerJoin('orders as o', 'o.id', 't.order_id')
      .select(['t.id', 't.order_id', 'o.reference', 't.station', 't.status', 't.placed_at', 'o.kitchen_note'])
      .select(['o.table_label', 'o.status as order_status'])
      .where('t.firm_id', '=', firmId)
      // a refunded or cancelled order is not cooked
      .where(cooked);
    if (station) query = query.where('t.station', '=', station);
    return query;
  }
  type TicketRow = Awaited<ReturnType<ReturnType<typeof ticketQuery>['execute']>>[number];

  /**
   * A line's dish and its option apart: an order line's label keeps the option after the dish ("Croissant —
   * Almond", for the receipt and the order), the kitchen reads the dish and then what to change.
   */
  function dishAndOptions(label: string, option: string | null) {
    if (!option) return { label, options: [] };
    const suffix = ` — ${option}`;
    return { label: label.endsWith(suffix) ? label.slice(0, -suffix.length) : label, options: [option] };
  }

  async function withItems(rows: TicketRow[]): Promise<KitchenTicket[]> {
    if (!rows.length) return [];
    const lines = await db
      .selectFrom('order_lines')
      .select(['order_id', 'station', 'label', 'quantity', 'refunded_quantity', 'variant_name'])
      .where(
        'order_id',
        'in',
        rows.map((r) => r.order_id),
      )
      .where('kind', '=', 'menu_item')
      .orderBy('sort')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      reference: row.reference,
      station: row.station as KitchenStation,
      status: row.status as KitchenStatus,
      placedAt: row.placed_at,
      note: row.kitchen_note,
      table: row.table_label,
      payAtCounter: row.order_status !== 'paid',
      items: lines
        .filter((l) => l.order_id === row.order_id && l.station === row.station && l.quantity > l.refunded_quantity)
        .map((l) => ({ ...dishAndOptions(l.label, l.variant_name), quantity: l.quantity - l.refunded_quantity })),
    }));
  }

  /** Dishes still to make across the open tickets, most first (then by name, so the list holds still). */
  function allDay(tickets: KitchenTicket[]): KitchenBoard['allDay'] {
    const counts = new Map<string, number>();
    for (const ticket of tickets.filter((t) => t.status === 'received' || t.status === 'preparing')) {
      for (const item of ticket.items) counts.set(item.label, (counts.get(item.label) ?? 0) + item.quantity);
    }
    return [...counts]
      .map(([label, quantity]) => ({ label, quantity }))
      .sort((a, b) => b.quantity - a.quantity || a.label.localeCompare(b.label));
  }

  async function timersOf(firmId: string): Promise<KitchenTimers> {
    const firm = await db
      .selectFrom('firms')
      .select(['kitchen_amber_minutes as amber', 'kitchen_red_minutes as red'])
      .where('id', '=', firmId)
      .executeTakeFirstOrThrow();
    return { amber: firm.amber, red: firm.red };
  }

  async function board(firmId: string, station?: KitchenStation): Promise<KitchenBoard> {
    const [open, served, stations, timers] = await Promise.all([
      ticketQuery(firmId, station).where('t.status', '!=', 'served').orderBy('t.placed_at').orderBy('t.id').execute(),
      ticketQuery(firmId, station)
        .where('t.status', '=', 'served')
        .orderBy('t.updated_at', 'desc')
        .orderBy('t.id')
        .limit(SERVED_SHOWN)
        .execute(),
      db.selectFrom('menu_sections').select('station').distinct().where('firm_id', '=', firmId).orderBy('station').execute(),
      timersOf(firmId),
    ]);
    const tickets = await withItems(open);
    return {
      tickets,
      served: await withItems(served),
      allDay: allDay(tickets),
      stations: stations.map((s) => s.station as KitchenStation),
      timers,
    };
  }

  /**
   * Moves a ticket one step on (a bump) or back (a recall) from the step the tablet saw, by one
   * conditional UPDATE: of two tablets bumping at once, one moves it and the other is told it
   * moved already. The bump that makes the whole order ready writes the buyer's notification as a
   * durable job in the same transaction.
   */
  async function move(firmId: string, ticketId: string, from: KitchenStatus, direction: 'advance' | 'recall'): Promise<KitchenTicket> {
    const ticket = await db
      .selectFrom('kitchen_tickets as t')
      .innerJoin('orders as o', 'o.id', 't.order_id')
      .select(['t.order_id', 'o.buyer_id', 'o.reference'])
      .where('t.id', '=', ticketId)
      .where('t.firm_id', '=', firmId)
      .where(cooked)
      .executeTakeFirst();
    if (!ticket) throw notFound('Ticket not found.');
    const to = direction === 'advance' ? nextKitchenStatus(from) : previousKitchenStatus(from);
    if (!to)
      throw new HttpError(409, `A ${from} ticket cannot be ${direction === 'advance' ? 'bumped' : 'recalled'}.`, 'kitchen_step_refused');
    const readyJob = await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('kitchen_tickets')
        .set({ status: to, updated_at: clock().toISOString() })
        .where('id', '=', ticketId)
        .where('status', '=', from)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) {
        throw new HttpError(409, 'This ticket has moved on another screen: the board shows where it stands now.', 'kitchen_ticket_moved');
      }
      if (to !== 'ready' || (await kitchenStatusOf(trx, ticket.order_id)) !== 'ready') return null;
      return jobs.enqueue(READY_JOB, { orderId: ticket.order_id }, { db: trx, tag: ticket.buyer_id });
    });
    if (readyJob) await jobs.runNow(readyJob);
    await publishKitchenChange(deps, { firmId, buyerId: ticket.buyer_id, reference: ticket.reference });
    const [row] = await withItems(await ticketQuery(firmId, undefined).where('t.id', '=', ticketId).execute());
    return row;
  }

  async function setup(firmId: string): Promise<KitchenSetup> {
    const [firm, timers, rows] = await Promise.all([
      db.selectFrom('firms').select('takes_orders').where('id', '=', firmId).executeTakeFirstOrThrow(),
      timersOf(firmId),
      db
        .selectFrom('menu_sections as s')
        .innerJoin('menus as m', 'm.id', 's.menu_id')
        .select(['s.id', 'm.name as menuName', 's.name', 's.station'])
        .where('s.firm_id', '=', firmId)
        .orderBy('m.sort')
        .orderBy('s.sort')
        .execute(),
    ]);
    return { takesOrders: firm.takes_orders === 1, timers, sections: rows.map((r) => ({ ...r, station: r.station as KitchenStation })) };
  }

  /** Where a section's dishes are made from now on; tickets already sent stay where they are. */
  async function setStation(firmId: string, sectionId: string, station: KitchenStation): Promise<KitchenSetup> {
    await db.updateTable('menu_sections').set({ station }).where('id', '=', sectionId).where('firm_id', '=', firmId).execute();
    return setup(firmId);
  }

  /** Opens or closes ordering from the menu (carts of dishes); orders already paid still reach the board. */
  async function setOrdering(firmId: string, takesOrders: boolean): Promise<KitchenSetup> {
    await db
      .updateTable('firms')
      .set({ takes_orders: takesOrders ? 1 : 0 })
      .where('id', '=', firmId)
      .execute();
    return setup(firmId);
  }

  /** When the board's timers turn amber and red from now on (already validated: red after amber). */
  async function setTimers(firmId: string, timers: KitchenTimers): Promise<KitchenSetup> {
    await db
      .updateTable('firms')
      .set({ kitchen_amber_minutes: timers.amber, kitchen_red_minutes: timers.red })
      .where('id', '=', firmId)
      .execute();
    return setup(firmId);
  }

  return { board, move, setup, setStation, setOrdering, setTimers };
}
