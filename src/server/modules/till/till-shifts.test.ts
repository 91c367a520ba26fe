import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FIRM, OTHER_FIRM, useWorkspace, type Actor } from '../../testing/workspace-fixtures';
import type { TillSaleInput } from '../../../shared/till';
import type { TillShift, TillShiftReport } from '../../../shared/till-shifts';

/**
 * The till's cash drawer on the app: one open shift per firm, cash in and out only while it is
 * open, closed once however many tills close it at once, and a report of the cash it should hold
 * (float + cash sales − cash refunds + pay-ins − pay-outs) against the cash counted, with each
 * person's sales, discounts and refunds. A sale joins the shift it names, also when it arrives
 * from the offline queue after the close. SQLite, and PostgreSQL with DATABASE_URL.
 */
const w = useWorkspace();
const db = () => w.ctx.deps.db;

async function send(actor: Actor, method: string, path: string, body?: unknown, headers?: Record<string, string>) {
  const response = await w.as(actor, path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const base = '/api/dashboard/till/shifts';
const q = `?firmId=${FIRM}`;
const openShift = (floatMinor: number, actor: Actor = 'staff') => send(actor, 'POST', `${base}${q}`, { floatMinor });
const move = (shiftId: string, body: unknown, actor: Actor = 'staff') => send(actor, 'POST', `${base}/${shiftId}/moves${q}`, body);
const close = (shiftId: string, countedMinor: number, actor: Actor = 'staff') =>
  send(actor, 'POST', `${base}/${shiftId}/close${q}`, { countedMinor });
const report = async (shiftId: string): Promise<TillShiftReport> => (await send('owner', 'GET', `${base}/${shiftId}/report${q}`)).body;

function sale(shiftId: string | null, extra: Partial<TillSaleInput> = {}): TillSaleInput {
  return {
    saleKey: crypto.randomUUID(),
    lines: [{ kind: 'menu_item', itemId: 'i1', variantId: null, option: null, quantity: 4, unitPrice: 250, discount: null }],
    discount: null,
    note: '',
    currency: 'EUR',
    tenderedMinor: 1000,
    cardMinor: 0,
    soldAt: '2026-06-01T10:00:00.000Z',
    offline: false,
    shiftId,
    promoCode: null,
    ...extra,
  };
}
const sell = (input: TillSaleInput, actor: Actor = 'staff') => send(actor, 'POST', `/api/dashboard/till/sales${q}`, input);

describe('shifts at the till', () => {
  it('opens one shift per firm, with its float, that every till of the firm sees', async () => {
    const opened = await openShift(5000);
    expect(opened.status).toBe(201);
    const shift: TillShift = opened.body;
    expect(shift).toMatchObject({ floatMinor: 5000, openedBy: 'Staff Tester', closedAt: null, moves: [] });
    const again = await openShift(1000, 'manager');
    expect([again.status, again.body.code]).toEqual([409, 'till_shift_open']);
    expect((await send('manager', 'GET', `${base}/current${q}`)).body.shift.id).toBe(shift.id);
    // another firm's till has no open shift
    expect((await send('otherOwner', 'GET', `${base}/current?firmId=${OTHER_FIRM}`)).body).toEqual({ shift: null });
    expect((await close(shift.id, 5000)).status).toBe(200);
    expect((await send('staff', 'GET', `${base}/current${q}`)).body).toEqual({ shift: null });
  });

  it('counts what the drawer should hold against what was counted, and who sold, discounted and refunded what', async () => {
    const shift: TillShift = (await openShift(5000)).body;
    const cash = await sell(sale(shift.id, { discount: { kind: 'percent', value: 10 } }));
    expect(cash.body).toMatchObject({ totalMinor: 900 });
    const managers = await sell(sale(shift.id, { discount: { kind: 'amount', value: 400 } }), 'manager');
    expect(managers.body).toMatchObject({ totalMinor: 600 });
    const refunded = await sell(sale(shift.id));
    const back = await send(
      'manager',
      'POST',
      `/api/dashboard/orders/${refunded.body.reference}/refunds`,
      { reason: 'Cold', whole: true },
      {
        'Idempotency-Key': crypto.randomUUID(),
      },
    );
    expect(back.status).toBe(200);
    // a sale made with no shift open belongs to none
    await sell(sale(null));
    expect((await move(shift.id, { kind: 'in', amountMinor: 2000, reason: 'Change from the bank' })).status).toBe(201);
    const out = await move(shift.id, { kind: 'out', amountMinor: 350, reason: 'Milk' }, 'manager');
    // sorted: the test's clock stands still, so both moves have the same time
    expect(out.body.moves.map((m: { kind: string; reason: string; by: string }) => [m.kind, m.reason, m.by]).sort()).toEqual([
      ['in', 'Change from the bank', 'Staff Tester'],
      ['out', 'Milk', 'Manager Tester'],
    ]);

    const open = await report(shift.id);
    expect([open.countedMinor, open.differenceMinor]).toEqual([null, null]);
    expect((await close(shift.id, 8000)).body.closedAt).not.toBeNull();

    const closed = await report(shift.id);
    // 5000 + (900 + 600 + 1000) − 1000 + 2000 − 350
    expect(closed).toMatchObject({
      sales: 3,
      cashSalesMinor: 2500,
      cardSalesMinor: 0,
      cashRefundsMinor: 1000,
      payInsMinor: 2000,
      payOutsMinor: 350,
      discountsMinor: 500,
      expectedMinor: 8150,
      countedMinor: 8000,
      differenceMinor: -150,
      closedBy: 'Staff Tester',
      currency: 'EUR',
    });
    expect(closed.staff).toEqual([
      { userId: 'user-manager', name: 'Manager Tester', sales: 1, salesMinor: 600, cardMinor: 0, discountsMinor: 400, refundsMinor: 1000 },
      { userId: 'user-staff', name: 'Staff Tester', sales: 2, salesMinor: 1900, cardMinor: 0, discountsMinor: 100, refundsMinor: 0 },
    ]);
  });

  it('closes a shift once when two tills close it at once, and takes no cash move after', async () => {
    const shift: TillShift = (await openShift(0)).body;
    const answers = await Promise.all([close(shift.id, 100), close(shift.id, 200, 'manager')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('till_shift_closed');
    const rows = await db().selectFrom('till_shifts').select(['counted_minor', 'open_key']).where('id', '=', shift.id).execute();
    expect(rows).toHaveLength(1);
    expect([100, 200]).toContain(rows[0].counted_minor);
    expect(rows[0].open_key).toBeNull();
    expect((await move(shift.id, { kind: 'in', amountMinor: 100, reason: 'Late' })).body.code).toBe('till_shift_closed');
    expect((await close(shift.id, 300)).body.code).toBe('till_shift_closed');
  });

  it('joins an offline sale that arrives after the close to the shift its till had open', async () => {
    const shift: TillShift = (await openShift(1000)).body;
    await close(shift.id, 2000);
    const late = await sell(sale(shift.id, { offline: true, soldAt: '2026-06-01T09:00:00.000Z' }));
    expect(late.status).toBe(201);
    const closed = await report(shift.id);
    expect([closed.sales, closed.cashSalesMinor]).toEqual([1, 1000]);
    expect(closed.differenceMinor).toBe(2000 - closed.expectedMinor);
  });

  it("refuses a sale naming another firm's shift, and a stranger's shift by its id", async () => {
    const theirs = (await send('otherOwner', 'POST', `${base}?firmId=${OTHER_FIRM}`, { floatMinor: 0 })).body as TillShift;
    expect((await sell(sale(theirs.id))).body.code).toBe('till_shift_unknown');
    expect((await close(theirs.id, 0)).status).toBe(404);
    expect((await send('owner', 'GET', `${base}/${theirs.id}/report${q}`)).status).toBe(404);
  });
});
