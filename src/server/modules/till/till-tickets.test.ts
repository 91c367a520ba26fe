import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIRM, useWorkspace, type Actor } from '../../testing/workspace-fixtures';
import { insertEvent, insertTier } from '../../testing/catalogue-fixtures';
import { FIXTURE_NOW } from '../../testing/marketplace-fixtures';
import { ticketDoorCode } from '../checkin/checkin.service';
import { EVENT_STATUS } from '../../../shared/owner-events';
import type { TillCatalogue, TillSale, TillSaleInput } from '../../../shared/till';

/**
 * Tickets at the till: a walk-in buys tonight's tickets at the counter. The till offers the tiers on
 * sale of the firm's events starting within a day; a sale takes the seats as a checkout does (the
 * sale's rules, then one conditional write per tier and event), so 20 tills racing for the last 3
 * seats sell exactly 3; the tickets it issues are valid at once and admitted at the door; offline,
 * or for two events at once, it is refused. SQLite, and PostgreSQL with DATABASE_URL.
 */
const w = useWorkspace();
const db = () => w.ctx.deps.db;
const hoursFromNow = (hours: number) => new Date(FIXTURE_NOW.getTime() + hours * 3_600_000).toISOString();

let tonight: { id: string; shortId: string };
let standard: string;
let hidden: string;
let nextMonth: string;

beforeAll(async () => {
  tonight = await insertEvent(db(), FIRM, { name: 'Jazz night', status_code: EVENT_STATUS.PUBLISHED, start_date_time: hoursFromNow(3) });
  standard = await insertTier(db(), tonight.id, { name: 'Standard', price_minor: 1500, capacity: 40 });
  hidden = await insertTier(db(), tonight.id, { name: 'Crew', price_minor: 0, hidden: 1, sort: 2 });
  const later = await insertEvent(db(), FIRM, { status_code: EVENT_STATUS.PUBLISHED, start_date_time: hoursFromNow(24 * 30) });
  nextMonth = await insertTier(db(), later.id);
});

async function send(actor: Actor, method: string, path: string, body?: unknown) {
  const response = await w.as(actor, path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const ticketLine = (tierId: string, quantity = 1, unitPrice = 1500) => ({
  kind: 'ticket' as const,
  itemId: tierId,
  variantId: null,
  option: null,
  quantity,
  unitPrice,
  discount: null,
});

function saleOf(lines: TillSaleInput['lines'], extra: Partial<TillSaleInput> = {}): TillSaleInput {
  return {
    saleKey: crypto.randomUUID(),
    lines,
    discount: null,
    note: '',
    currency: 'EUR',
    tenderedMinor: 100_000,
    cardMinor: 0,
    soldAt: FIXTURE_NOW.toISOString(),
    offline: false,
    shiftId: null,
    promoCode: null,
    ...extra,
  };
}

const sell = (input: TillSaleInput) => send('staff', 'POST', `/api/dashboard/till/sales?firmId=${FIRM}`, input);
const soldOf = async (tierId: string) =>
  (await db().selectFrom('ticket_categories').select('sold').where('id', '=', tierId).executeTakeFirstOrThrow()).sold;

describe('tickets at the till', () => {
  it("offers the tiers on sale of tonight's events, with the places left, and not next month's nor a hidden tier", async () => {
    const catalogue: TillCatalogue = (await send('staff', 'GET', `/api/dashboard/till?firmId=${FIRM}`)).body;
    const group = catalogue.groups.find((g) => g.key === `event-${tonight.id}`)!;
    expect(group.name).toBe('Jazz night');
    expect(group.items).toEqual([
      expect.objectContaining({ kind: 'ticket', itemId: standard, name: 'Jazz night — Standard', priceMinor: 1500, left: 40 }),
    ]);
    const tiles = catalogue.groups.flatMap((g) => g.items.map((i) => i.itemId));
    expect(tiles).not.toContain(hidden);
    expect(tiles).not.toContain(nextMonth);
  });

  it('sells a walk-in tickets that are valid at once, printed on the receipt and admitted at the door', async () => {
    const before = await soldOf(standard);
    const answer = await sell(saleOf([ticketLine(standard, 2)], { tenderedMinor: 5000 }));
    expect(answer.status).toBe(201);
    const sale: TillSale = answer.body;
    expect(sale).toMatchObject({ status: 'paid', totalMinor: 3000, changeMinor: 2000 });
    expect(sale.tickets).toHaveLength(2);
    expect(sale.tickets[0]).toMatchObject({ eventName: 'Jazz night', tierName: 'Standard' });
    expect(sale.tickets[0].qrSvg).toContain('<svg');
    expect(await soldOf(standard)).toBe(before + 2);

    const order = await db()
      .selectFrom('orders')
      .select(['id', 'event_id', 'kind'])
      .where('reference', '=', sale.reference)
      .executeTakeFirstOrThrow();
    expect([order.kind, order.event_id]).toEqual(['till', tonight.id]);
    // the door's list has them as valid, and a scan of the receipt's code admits the walk-in
    const list = await send('staff', 'GET', `/api/dashboard/checkin/events/${tonight.id}/list`);
    const listed = list.body.tickets.filter((t: [string]) => sale.tickets.some((s) => s.id === t[0]));
    expect(listed.map((t: [string, number, string, number]) => t[3])).toEqual([0, 0]);
    const code = await ticketDoorCode(db(), FIXTURE_NOW, tonight, sale.tickets[0].id);
    const scan = await send('staff', 'POST', `/api/dashboard/checkin/events/${tonight.id}/scans`, {
      deviceId: 'device-door-1',
      deviceName: 'Door',
      since: 0,
      scans: [{ nonce: crypto.randomUUID(), code, scannedAt: FIXTURE_NOW.toISOString(), offline: false, decision: 'admitted' }],
    });
    expect(scan.body.results).toEqual([expect.objectContaining({ result: 'admitted', ticketId: sale.tickets[0].id })]);
    // the seller holds them for the walk-in, but they are not the seller's own tickets
    const wallet = await send('staff', 'GET', '/api/user/tickets');
    expect(wallet.body.tickets.map((t: { id: string }) => t.id)).not.toContain(sale.tickets[0].id);
  });

  it('sells the last seats once: 20 tills at once for the last 3 leave 3 sales and 17 sold out', async () => {
    const event = await insertEvent(db(), FIRM, { status_code: EVENT_STATUS.PUBLISHED, start_date_time: hoursFromNow(2) });
    const last = await insertTier(db(), event.id, { capacity: 3 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => sell(saleOf([ticketLine(last)]))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(new Set(answers.filter((a) => a.status !== 201).map((a) => a.body.code))).toEqual(new Set(['sold_out']));
    expect(await soldOf(last)).toBe(3);
    const issued = await db().selectFrom('tickets').select('id').where('category_id', '=', last).execute();
    expect(issued).toHaveLength(3);
  });

  it('keeps the online sale rules: a limit per order, a sales window, one event a sale', async () => {
    const event = await insertEvent(db(), FIRM, { status_code: EVENT_STATUS.PUBLISHED, start_date_time: hoursFromNow(5) });
    const limited = await insertTier(db(), event.id, { max_per_order: 2 });
    const over = await sell(saleOf([ticketLine(limited, 3)]));
    expect([over.status, over.body.code]).toEqual([422, 'tier_limit']);
    const ended = await insertTier(db(), event.id, { sales_end: hoursFromNow(-1) });
    expect((await sell(saleOf([ticketLine(ended)]))).body.code).toBe('tier_not_on_sale');
    const both = await sell(saleOf([ticketLine(limited), ticketLine(standard)]));
    expect([both.status, both.body.code]).toEqual([422, 'till_one_event']);
    expect(await soldOf(limited)).toBe(0);
  });

  it('refuses tickets in a sale made offline: the seats and the door code are the server’s', async () => {
    const before = await soldOf(standard);
    const offline = await sell(saleOf([ticketLine(standard)], { offline: true }));
    expect([offline.status, offline.body.code]).toEqual([422, 'tickets_offline']);
    expect(await soldOf(standard)).toBe(before);
  });
});
