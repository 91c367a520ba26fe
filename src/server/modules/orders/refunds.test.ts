import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FIRM, useWorkspace } from '../../testing/workspace-fixtures';
import { befriend, card, insertShopOrder, insertSmallEvent, payOnStep, sandboxOf, signedIn, TEST_CARD } from '../../testing/order-fixtures';
import { readOutbox } from '../../testing/outbox';
import { jobsOf } from '../../lib/jobs';
import type { FirmOrderDetail } from '../../../shared/firm-orders';
import type { OrderDetail } from '../../../shared/orders';

/**
 * A firm refunds an order, whole or in part, through the payment provider: refunded tickets are
 * void and their seats come back, the buyer is told and mailed, both views show what went back and
 * when, and no refund ever gives back more than was paid, whether clicked twice or raced.
 */
const w = useWorkspace();
const db = () => w.ctx.deps.db;
type Actor = 'owner' | 'manager' | 'staff';

async function refund(actor: Actor, reference: string, body: unknown, key: string = crypto.randomUUID()) {
  const response = await w.as(actor, `/api/dashboard/orders/${reference}/refunds`, {
    method: 'POST',
    headers: { 'Idempotency-Key': key },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const soldOf = async (categoryId: string) =>
  (await db().selectFrom('ticket_categories').select('sold').where('id', '=', categoryId).executeTakeFirstOrThrow()).sold;

/** A buyer who paid for two tickets (theirs and a friend's) and a drink: 45.00 through the sandbox. */
async function paidTicketOrder(eventId: string) {
  const buyer = await w.newPerson();
  const friend = await w.newPerson();
  await befriend(db(), buyer.userId, friend.userId);
  await insertSmallEvent(db(), eventId, 10);
  const cookie = await signedIn(w.ctx, buyer.userId);
  const response = await w.ctx.request('/api/user/orders/tickets', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie, 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({
      eventId,
      categoryId: `${eventId}-seat`,
      holderIds: [buyer.userId, friend.userId],
      addons: [{ addonId: `${eventId}-drink`, quantity: 1 }],
      expectedTotal: 4500,
      currency: 'EUR',
    }),
  });
  expect(response.status).toBe(201);
  const { order, redirectUrl } = await response.json();
  await payOnStep(w.ctx, redirectUrl, card(TEST_CARD.success));
  await sandboxOf(w.ctx).settled();
  const buyerView = async (): Promise<OrderDetail> =>
    (await w.ctx.request(`/api/user/orders/${order.reference}`, { headers: { Cookie: cookie } })).json();
  expect((await buyerView()).status).toBe('paid');
  return { reference: order.reference as string, buyer, friend, buyerView };
}

const ledger = (reference: string) =>
  db()
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.subject_id')
    .select(['p.status', 'p.refunded_minor'])
    .where('o.reference', '=', reference)
    .executeTakeFirstOrThrow();

describe('refunding part of an order, then the rest', () => {
  it('refunds one of two tickets through the provider: void, its seat back, the buyer told and mailed, both views show it', async () => {
    const { reference, buyer, friend, buyerView } = await paidTicketOrder('rf-part');
    const detail: FirmOrderDetail = await (await w.as('manager', `/api/dashboard/orders/${reference}`)).json();
    expect(detail.canRefund).toBe(true);
    const friendsTicket = (await buyerView()).tickets.find((t) => t.holder.id === friend.userId)!;
    const mailsBefore = readOutbox(w.ctx.dataDir).length;

    const answer = await refund('manager', reference, { reason: 'Your friend cannot come.', ticketIds: [friendsTicket.id] });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'paid', refundedMinor: 2000, canRefund: true });
    expect(answer.body.refunds).toEqual([
      {
        id: expect.any(String),
        amountMinor: 2000,
        reason: 'Your friend cannot come.',
        items: [{ label: 'Seat', qty: 1 }],
        createdAt: expect.any(String),
      },
    ]);
    expect(answer.body.lines.find((l: { kind: string }) => l.kind === 'ticket')).toMatchObject({ qty: 2, refundedQty: 1 });
    expect(await soldOf('rf-part-seat')).toBe(1);
    await sandboxOf(w.ctx).settled();
    expect(await ledger(reference)).toEqual({ status: 'partially_refunded', refunded_minor: 2000 });

    const mine = await buyerView();
    expect(mine.refundedMinor).toBe(2000);
    expect(mine.refunds.map((r) => [r.amountMinor, r.items])).toEqual([[2000, [{ label: 'Seat', qty: 1 }]]]);
    expect(mine.tickets.find((t) => t.id === friendsTicket.id)!.status).toBe('void');
    expect(mine.tickets.find((t) => t.holder.id === buyer.userId)!.status).toBe('active');
    const kinds = await db().selectFrom('notifications').select('kind').where('user_id', '=', buyer.userId).execute();
    expect(kinds.map((k) => k.kind)).toContain('order.refunded');
    const mails = readOutbox(w.ctx.dataDir).slice(mailsBefore);
    expect(mails.map((m) => m.to)).toEqual([buyer.email]);
    expect(mails[0].text).toContain('Your friend cannot come.');
    expect(mails[0].text).toContain('€20.00');

    // the rest: the other ticket and the drink; then the order is refunded and nothing is left
    const rest = await refund('owner', reference, { reason: 'Event moved.', whole: true });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ status: 'refunded', refundedMinor: 4500, canRefund: false });
    // the fixture's clock stands still: both refunds have the same time
    expect(rest.body.refunds.find((r: { reason: string }) => r.reason === 'Event moved.')).toMatchObject({
      amountMinor: 2500,
      items: [
        { label: 'Seat', qty: 1 },
        { label: 'Drink', qty: 1 },
      ],
    });
    expect(await soldOf('rf-part-seat')).toBe(0);
    await sandboxOf(w.ctx).settled();
    expect(await ledger(reference)).toEqual({ status: 'refunded', refunded_minor: 4500 });
    expect((await buyerView()).tickets.every((t) => t.status === 'void')).toBe(true);
    // the provider's confirmation of the last refund gave nothing back twice
    expect(await soldOf('rf-part-seat')).toBe(0);
    const again = await refund('owner', reference, { reason: 'Again.', whole: true });
    expect([again.status, again.body.code]).toEqual([409, 'order_not_refundable']);
  });
});

describe('never more than was paid', () => {
  it('a ticket refunded already, or more of a line than was bought, is refused', async () => {
    const { reference, buyerView } = await paidTicketOrder('rf-twice');
    const ticket = (await buyerView()).tickets[0];
    expect((await refund('owner', reference, { reason: 'Once.', ticketIds: [ticket.id] })).status).toBe(200);
    const twice = await refund('owner', reference, { reason: 'Twice.', ticketIds: [ticket.id] });
    expect([twice.status, twice.body.code]).toEqual([409, 'refund_too_large']);
    const detail: FirmOrderDetail = await (await w.as('owner', `/api/dashboard/orders/${reference}`)).json();
    const drinkLine = detail.lines.find((l) => l.kind === 'addon')!;
    const tooMany = await refund('owner', reference, { reason: 'Two drinks?', lines: [{ lineId: drinkLine.id, qty: 2 }] });
    expect([tooMany.status, tooMany.body.code]).toEqual([409, 'refund_too_large']);
    expect((await buyerView()).refundedMinor).toBe(2000);
  });

  it('staff may not refund; the reason and a choice are required', async () => {
    const buyer = await w.newPerson();
    const reference = await insertShopOrder(db(), FIRM, buyer.userId);
    expect((await refund('staff', reference, { reason: 'No.', whole: true })).status).toBe(403);
    expect((await refund('owner', reference, { reason: ' ', whole: true })).status).toBe(400);
    expect((await refund('owner', reference, { reason: 'Nothing chosen.' })).status).toBe(400);
  });

  it('a double click refunds once: the same Idempotency-Key again answers the same order', async () => {
    const buyer = await w.newPerson();
    const reference = await insertShopOrder(db(), FIRM, buyer.userId);
    const key = crypto.randomUUID();
    const lineId = (
      await db()
        .selectFrom('order_lines as l')
        .innerJoin('orders as o', 'o.id', 'l.order_id')
        .select('l.id')
        .where('o.reference', '=', reference)
        .executeTakeFirstOrThrow()
    ).id;
    const body = { reason: 'One bottle broke.', lines: [{ lineId, qty: 1 }] };
    const answers = await Promise.all([refund('owner', reference, body, key), refund('owner', reference, body, key)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const after: FirmOrderDetail = await (await w.as('owner', `/api/dashboard/orders/${reference}`)).json();
    expect(after).toMatchObject({ refundedMinor: 1800, status: 'paid' });
    expect(after.refunds).toHaveLength(1);
    expect(after.lines[0]).toMatchObject({ qty: 2, refundedQty: 1 });
  });

  it('ten refunds of the whole order at once give back what was paid exactly once', async () => {
    const buyer = await w.newPerson();
    const reference = await insertShopOrder(db(), FIRM, buyer.userId);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => refund(i % 2 ? 'owner' : 'manager', reference, { reason: `Race ${i}`, whole: true })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const order = await db()
      .selectFrom('orders')
      .select(['refunded_minor', 'status', 'id'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ refunded_minor: 3600, status: 'refunded' });
    const rows = await db().selectFrom('order_refunds').select('amount_minor').where('order_id', '=', order.id).execute();
    expect(rows.map((r) => r.amount_minor)).toEqual([3600]);
  });
});

describe('the buyer is told even when telling fails at first', () => {
  it('the notice is a job written with the refund: a mail that cannot be queued goes out at the next poll', async () => {
    const { reference, buyer } = await paidTicketOrder('rf-durable');
    const mailer = w.ctx.deps.mail;
    const send = mailer.send.bind(mailer);
    const mailsBefore = readOutbox(w.ctx.dataDir).length;
    mailer.send = () => Promise.reject(new Error('mail store unreachable'));
    let answer;
    try {
      answer = await refund('owner', reference, { reason: 'Closed tonight.', whole: true });
    } finally {
      mailer.send = send;
    }
    expect(answer.status).toBe(200);
    const waiting = () => db().selectFrom('jobs').select(['id', 'last_error']).where('kind', '=', 'order.firm-refund-notice').execute();
    expect(await waiting()).toEqual([{ id: expect.any(String), last_error: 'mail store unreachable' }]);
    expect(readOutbox(w.ctx.dataDir).length).toBe(mailsBefore);

    // its back-off has passed: any process polling the jobs sends it, once
    await db()
      .updateTable('jobs')
      .set({ run_at: new Date(0).toISOString() })
      .where('kind', '=', 'order.firm-refund-notice')
      .execute();
    expect(await jobsOf(w.ctx.deps).runDue()).toBeGreaterThan(0);
    await jobsOf(w.ctx.deps).settled();
    expect(await waiting()).toEqual([]);
    const mails = readOutbox(w.ctx.dataDir).slice(mailsBefore);
    expect(mails.filter((m) => m.to.includes(buyer.email))).toHaveLength(1);
  });
});
