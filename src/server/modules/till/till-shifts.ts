import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ActiveEmployment } from '../../app-env';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import {
  expectedCash,
  type TillCashMoveInput,
  type TillShift,
  type TillShiftReport,
  type TillShiftState,
} from '../../../shared/till-shifts';
import { problem } from '../orders/order-context';

const nameOf = (row: { first_name: string; last_name: string }) => `${row.first_name} ${row.last_name}`.trim();

const shiftClosed = () => problem(409, 'till_shift_closed', 'This shift is closed already: open a new one.');

/**
 * The till's cash drawer: shifts, the cash moved in and out during them, and what each should hold.
 * One open shift per firm (a unique key held while open), closed once (a conditional UPDATE): two
 * tills closing the same shift at once close it once, and the other is told it is closed.
 */
export function createTillShifts(db: Kysely<Database>, now: () => string) {
  async function shiftView(shiftId: string): Promise<TillShift> {
    const shift = await db
      .selectFrom('till_shifts as s')
      .innerJoin('users as u', 'u.id', 's.opened_by')
      .select(['s.id', 's.float_minor', 's.opened_at', 's.closed_at', 'u.first_name', 'u.last_name'])
      .where('s.id', '=', shiftId)
      .executeTakeFirstOrThrow();
    const moves = await db
      .selectFrom('till_cash_moves as m')
      .innerJoin('users as u', 'u.id', 'm.by_id')
      .select(['m.kind', 'm.amount_minor', 'm.reason', 'm.at', 'u.first_name', 'u.last_name'])
      .where('m.shift_id', '=', shiftId)
      .orderBy('m.at')
      .orderBy('m.id')
      .execute();
    return {
      id: shift.id,
      floatMinor: shift.float_minor,
      openedBy: nameOf(shift),
      openedAt: shift.opened_at,
      closedAt: shift.closed_at,
      moves: moves.map((m) => ({
        kind: m.kind as 'in' | 'out',
        amountMinor: m.amount_minor,
        reason: m.reason,
        by: nameOf(m),
        at: m.at,
      })),
    };
  }

  /** The shift of this firm, or 404: another firm's shift does not exist for it. */
  async function ownShift(employment: ActiveEmployment, shiftId: string) {
    const shift = await db
      .selectFrom('till_shifts')
      .selectAll()
      .where('id', '=', shiftId)
      .where('firm_id', '=', employment.firmId)
      .executeTakeFirst();
    if (!shift) throw notFound('No such shift at this firm.');
    return shift;
  }

  async function current(employment: ActiveEmployment): Promise<TillShiftState> {
    const open = await db.selectFrom('till_shifts').select('id').where('open_key', '=', employment.firmId).executeTakeFirst();
    return { shift: open ? await shiftView(open.id) : null };
  }

  async function open(employment: ActiveEmployment, floatMinor: number): Promise<TillShift> {
    const id = crypto.randomUUID();
    const inserted = await db
      .insertInto('till_shifts')
      .values({
        id,
        firm_id: employment.firmId,
        open_key: employment.firmId,
        float_minor: floatMinor,
        opened_by: employment.userId,
        opened_at: now(),
      })
      .onConflict((oc) => oc.column('open_key').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      throw problem(409, 'till_shift_open', 'A shift is open at this firm already: close it before opening another.');
    }
    return shiftView(id);
  }

  /** Cash in or out of the drawer, written only while the shift is open (one statement: no close slips between). */
  async function move(employment: ActiveEmployment, shiftId: string, input: TillCashMoveInput): Promise<TillShift> {
    await ownShift(employment, shiftId);
    const written = await db
      .insertInto('till_cash_moves')
      .columns(['id', 'shift_id', 'kind', 'amount_minor', 'reason', 'by_id', 'at'])
      .expression(
        db
          .selectFrom('till_shifts')
          .select([
            sql<string>`${crypto.randomUUID()}`.as('id'),
            'id as shift_id',
            sql<string>`${input.kind}`.as('kind'),
            sql<number>`cast(${input.amountMinor} as integer)`.as('amount_minor'),
            sql<string>`${input.reason}`.as('reason'),
            sql<string>`${employment.userId}`.as('by_id'),
            sql<string>`${now()}`.as('at'),
          ])
          .where('id', '=', shiftId)
          .where('closed_at', 'is', null),
      )
      .executeTakeFirst();
    if (Number(written.numInsertedOrUpdatedRows ?? 0) === 0) throw shiftClosed();
    return shiftView(shiftId);
  }

  async function close(employment: ActiveEmployment, shiftId: string, countedMinor: number): Promise<TillShift> {
    await ownShift(employment, shiftId);
    const closed = await db
      .updateTable('till_shifts')
      .set({ open_key: null, counted_minor: countedMinor, closed_by: employment.userId, closed_at: now() })
      .where('id', '=', shiftId)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) === 0) throw shiftClosed();
    return shiftView(shiftId);
  }

  /** Sales, discounts and refunds by the person who gave them; refunds of the firm's till sales while the shift was open. */
  async function staffFigures(shift: { id: string; firm_id: string; opened_at: string; closed_at: string | null }) {
    const sales = await db
      .selectFrom('till_sales as s')
      .innerJoin('orders as o', 'o.id', 's.order_id')
      .select(['s.seller_id as userId'])
      .select((eb) => [
        eb.fn.countAll<number>().as('sales'),
        eb.fn.sum<number>('o.total_minor').as('salesMinor'),
        eb.fn.sum<number>('s.card_minor').as('cardMinor'),
        eb.fn.sum<number>('s.discount_minor').as('discountsMinor'),
      ])
      .where('s.shift_id', '=', shift.id)
      // a sale whose card was never taken is no sale: its cash went back to the customer
      .where('o.paid_at', 'is not', null)
      .groupBy('s.seller_id')
      .execute();
    let refundQuery = db
      .selectFrom('order_refunds as r')
      .innerJoin('till_sales as s', 's.order_id', 'r.order_id')
      .select(['r.actor_id as userId'])
      .select((eb) => eb.fn.sum<number>('r.amount_minor').as('refundsMinor'))
      .where('s.firm_id', '=', shift.firm_id)
      .where('r.created_at', '>=', shift.opened_at)
      .groupBy('r.actor_id');
    if (shift.closed_at) refundQuery = refundQuery.where('r.created_at', '<=', shift.closed_at);
    const refunds = await refundQuery.execute();
    const ids = [...new Set([...sales.map((s) => s.userId), ...refunds.flatMap((r) => (r.userId ? [r.userId] : []))])];
    const people = ids.length
      ? await db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', ids).execute()
      : [];
    return ids
      .map((userId) => {
        const sold = sales.find((s) => s.userId === userId);
        const person = people.find((p) => p.id === userId);
        return {
          userId,
          name: person ? nameOf(person) : '',
          sales: Number(sold?.sales ?? 0),
          salesMinor: Number(sold?.salesMinor ?? 0),
          cardMinor: Number(sold?.cardMinor ?? 0),
          discountsMinor: Number(sold?.discountsMinor ?? 0),
          refundsMinor: Number(refunds.find((r) => r.userId === userId)?.refundsMinor ?? 0),
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  async function report(employment: ActiveEmployment, shiftId: string): Promise<TillShiftReport> {
    const shift = await ownShift(employment, shiftId);
    const [view, staff, firm, closer] = await Promise.all([
      shiftView(shiftId),
      staffFigures(shift),
      db.selectFrom('firms').select('currency').where('id', '=', shift.firm_id).executeTakeFirstOrThrow(),
      shift.closed_by
        ? db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', shift.closed_by).executeTakeFirst()
        : null,
    ]);
    const total = (pick: (row: (typeof staff)[number]) => number) => staff.reduce((sum, row) => sum + pick(row), 0);
    const moved = (kind: 'in' | 'out') => view.moves.filter((m) => m.kind === kind).reduce((sum, m) => sum + m.amountMinor, 0);
    const figures = {
      floatMinor: shift.float_minor,
      cashSalesMinor: total((row) => row.salesMinor - row.cardMinor),
      cashRefundsMinor: total((row) => row.refundsMinor),
      payInsMinor: moved('in'),
      payOutsMinor: moved('out'),
    };
    const expectedMinor = expectedCash(figures);
    return {
      shift: view,
      closedBy: closer ? nameOf(closer) : null,
      currency: firm.currency,
      sales: total((row) => row.sales),
      cashSalesMinor: figures.cashSalesMinor,
      cardSalesMinor: total((row) => row.cardMinor),
      cashRefundsMinor: figures.cashRefundsMinor,
      payInsMinor: figures.payInsMinor,
      payOutsMinor: figures.payOutsMinor,
      discountsMinor: total((row) => row.discountsMinor),
      expectedMinor,
      countedMinor: shift.counted_minor,
      differenceMinor: shift.counted_minor === null ? null : shift.counted_minor - expectedMinor,
      staff,
    };
  }

  return { current, open, move, close, report };
}
