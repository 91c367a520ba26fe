import { sql, type Kysely, type Transaction } from 'kysely';
import { firmSumming } from '../../db/firm-summing';
import type { Database } from '../../db/schema';
import { dateOfDay, dayNumber } from '../../../shared/sales-reports';
import { knownZone, startOfDay, today } from './sales-periods';

/**
 * A firm's sales summed by its own day (docs/decisions/067-sales-summed-by-day.md). Triggers note in
 * `sales_dirty` which UTC days of a firm changed, in the transaction of the write; `refresh` sums
 * the firm days those cover again from the orders, their lines, payments and refunds, replacing
 * what was there, before a report reads. Summing again is idempotent, so a day noted twice, or
 * summed by two reports, comes out the same.
 */

/** Days summed per statement: the CASE naming each row's day has a branch per day. */
const DAYS_PER_STATEMENT = 92;
/** Payment attempts that took the money (a refunded one took it first). */
const SETTLED = ['succeeded', 'partially_refunded', 'refunded'];

/** The day number an instant column falls on, among the days from `from` whose edges are given. */
function dayAt(column: string, from: number, edges: string[]) {
  const whens = edges.slice(1).map((edge, index) => sql`when ${sql.ref(column)} < ${edge} then ${sql.lit(from + index)}`);
  return sql<number>`case ${sql.join(whens, sql` `)} end`;
}

/** Day numbers as runs of consecutive days, first and last included. */
function runsOf(days: Set<number>): [number, number][] {
  const runs: [number, number][] = [];
  for (const day of [...days].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && last[1] === day - 1) last[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

export function createSalesDays(db: Kysely<Database>) {
  const summing = firmSumming(db, 'sales-days');

  /** Sums the days `from` to `to` of a firm again, replacing their rows. */
  async function sumDays(trx: Transaction<Database>, firmId: string, zone: string, from: number, to: number) {
    const edges: string[] = [];
    for (let day = from; day <= to + 1; day++) edges.push(startOfDay(dateOfDay(day), zone));
    const [start, end] = [edges[0], edges[edges.length - 1]];
    for (const table of ['sales_days', 'sales_refund_days', 'sales_item_days'] as const)
      await trx.deleteFrom(table).where('firm_id', '=', firmId).where('day', '>=', from).where('day', '<=', to).execute();
    const paid = trx.selectFrom('orders as o').where('o.firm_id', '=', firmId).where('o.paid_at', '>=', start).where('o.paid_at', '<', end);

    const orders = paid.select((eb) => [
      'o.firm_id',
      dayAt('o.paid_at', from, edges).as('day'),
      'o.currency',
      'o.kind',
      // the provider's method of the first settled payment; else what staff took at the counter; a sale at the till took cash
      sql<string | null>`coalesce((${eb
        .selectFrom('payments as p')
        .select('p.method')
        .where('p.subject_type', '=', 'order')
        .whereRef('p.subject_id', '=', 'o.id')
        .where('p.status', 'in', SETTLED)
        .orderBy('p.created_at')
        .limit(1)}), ${eb.ref('o.counter_method')}, case when ${eb.ref('o.kind')} = 'till' then 'cash' end)`.as('method'),
      'o.total_minor',
      sql<number>`coalesce((${eb
        .selectFrom('order_lines as l')
        .select(sql`sum(l.quantity)`.as('n'))
        .whereRef('l.order_id', '=', 'o.id')
        .where('l.kind', '=', 'ticket')}), 0)`.as('tickets'),
    ]);
    await trx
      .insertInto('sales_days')
      .columns(['firm_id', 'day', 'currency', 'kind', 'method', 'orders', 'gross_minor', 'tickets'])
      .expression(
        trx
          .selectFrom(orders.as('t'))
          .select(['t.firm_id', 't.day', 't.currency', 't.kind', 't.method'])
          .select([
            sql<number>`count(*)`.as('orders'),
            sql<number>`sum(t.total_minor)`.as('gross'),
            sql<number>`sum(t.tickets)`.as('tickets'),
          ])
          .groupBy(['t.firm_id', 't.day', 't.currency', 't.kind', 't.method']),
      )
      .execute();

    const lines = paid
      .innerJoin('order_lines as l', 'l.order_id', 'o.id')
      .select([
        'o.firm_id',
        dayAt('o.paid_at', from, edges).as('day'),
        'o.currency',
        'l.kind',
        'l.item_id',
        'l.variant_id',
        'l.variant_name',
        'o.event_id',
        'l.label',
        'l.quantity',
        'l.refunded_quantity',
        sql<number>`l.quantity * l.unit_price_minor - l.discount_minor`.as('gross'),
      ]);
    const itemKey = ['t.firm_id', 't.day', 't.currency', 't.kind', 't.item_id', 't.variant_id', 't.variant_name', 't.event_id'] as const;
    await trx
      .insertInto('sales_item_days')
      .columns([
        'firm_id',
        'day',
        'currency',
        'kind',
        'item_id',
        'variant_id',
        'variant_name',
        'event_id',
        'label',
        'quantity',
        'refunded_quantity',
        'gross_minor',
      ])
      .expression(
        trx
          .selectFrom(lines.as('t'))
          .select([...itemKey])
          .select([
            sql<string>`max(t.label)`.as('label'),
            sql<number>`sum(t.quantity)`.as('quantity'),
            sql<number>`sum(t.refunded_quantity)`.as('refunded'),
            sql<number>`sum(t.gross)`.as('gross'),
          ])
          .groupBy([...itemKey]),
      )
      .execute();

    const refunds = trx
      .selectFrom('order_refunds as r')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .where('r.created_at', '>=', start)
      .where('r.created_at', '<', end)
      .where('o.firm_id', '=', firmId)
      .select(['o.firm_id', dayAt('r.created_at', from, edges).as('day'), 'o.currency', 'r.amount_minor']);
    await trx
      .insertInto('sales_refund_days')
      .columns(['firm_id', 'day', 'currency', 'refunds_minor'])
      .expression(
        trx
          .selectFrom(refunds.as('t'))
          .select(['t.firm_id', 't.day', 't.currency', sql<number>`sum(t.amount_minor)`.as('refunds')])
          .groupBy(['t.firm_id', 't.day', 't.currency']),
      )
      .execute();
  }

  /** The firm days a firm's sales ever fell on: from its first payment to its last payment or refund. */
  async function allDays(trx: Transaction<Database>, firmId: string, zone: string): Promise<Set<number>> {
    const [paid, refunded] = await Promise.all([
      trx
        .selectFrom('orders')
        .where('firm_id', '=', firmId)
        .where('paid_at', 'is not', null)
        .select([sql<string | null>`min(paid_at)`.as('first'), sql<string | null>`max(paid_at)`.as('last')])
        .executeTakeFirstOrThrow(),
      trx
        .selectFrom('order_refunds as r')
        .innerJoin('orders as o', 'o.id', 'r.order_id')
        .where('o.firm_id', '=', firmId)
        .select(sql<string | null>`max(r.created_at)`.as('last'))
        .executeTakeFirstOrThrow(),
    ]);
    const days = new Set<number>();
    if (!paid.first || !paid.last) return days;
    const last = refunded.last && refunded.last > paid.last ? refunded.last : paid.last;
    const to = dayNumber(today(new Date(last), zone));
    for (let day = dayNumber(today(new Date(paid.first), zone)); day <= to; day++) days.add(day);
    return days;
  }

  /** The firm days that overlap the UTC days given (a UTC day spans two firm days, one in UTC). */
  function daysOf(utcDays: string[], zone: string): Set<number> {
    const days = new Set<number>();
    for (const utcDay of utcDays) {
      const first = dayNumber(today(new Date(`${utcDay}T00:00:00.000Z`), zone));
      const last = dayNumber(today(new Date(`${utcDay}T23:59:59.999Z`), zone));
      for (let day = first; day <= last; day++) days.add(day);
    }
    return days;
  }

  /** Brings a firm's days up to date with every write committed before it began. */
  async function refresh(firmId: string): Promise<void> {
    // in the index's order (migration 0362): PostgreSQL then reads the index, not the table
    const pending = await db
      .selectFrom('sales_dirty')
      .select('utc_day')
      .where('firm_id', '=', firmId)
      .orderBy('utc_day')
      .limit(1)
      .executeTakeFirst();
    if (!pending) return;
    await summing(firmId, async (trx) => {
      // taken first: a write committed after this keeps its own row for the next refresh
      const taken = await trx.deleteFrom('sales_dirty').where('firm_id', '=', firmId).returning('utc_day').execute();
      if (!taken.length) return;
      const firm = await trx.selectFrom('firms').select('timezone').where('id', '=', firmId).executeTakeFirst();
      const zone = knownZone(firm?.timezone ?? 'UTC');
      let days: Set<number>;
      if (taken.some((row) => row.utc_day === '*')) {
        for (const table of ['sales_days', 'sales_refund_days', 'sales_item_days'] as const)
          await trx.deleteFrom(table).where('firm_id', '=', firmId).execute();
        days = await allDays(trx, firmId, zone);
      } else days = daysOf([...new Set(taken.map((row) => row.utc_day))], zone);
      for (const [from, to] of runsOf(days))
        for (let first = from; first <= to; first += DAYS_PER_STATEMENT)
          await sumDays(trx, firmId, zone, first, Math.min(to, first + DAYS_PER_STATEMENT - 1));
    });
  }

  return { refresh };
}
