import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { FIXTURE_NOW, insertMarketplace } from '../../testing/marketplace-fixtures';
import { befriend, card, insertMember, insertSmallEvent, payOnStep, sandboxOf, signedIn, TEST_CARD } from '../../testing/order-fixtures';
import { readOutbox } from '../../testing/outbox';
import { jobsOf } from '../../lib/jobs';
import { EVENT_STATUS } from '../../../shared/owner-events';
import { ORDER_REFERENCE_PATTERN, type CheckoutAnswer, type OrderDetail, type Wallet } from '../../../shared/orders';

/**
 * Tickets from the purchase form to the wallet, through HTTP on a real database: checkout with
 * its holds, the sandbox payment step, the signed webhook, the tickets, the problems the form
 * shows, idempotency, expired holds (a two-second hold from ORDER_HOLD_SECONDS and a clock the
 * test moves), transfers and the cart.
 */
let ctx: TestContext;
let nowMs = FIXTURE_NOW.getTime();
const cookies: Record<string, string> = {};
let keyCounter = 0;
const key = () => `test-key-${++keyCounter}-${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  ctx = await createTestContext({ clock: () => new Date(nowMs), envOverrides: { ORDER_HOLD_SECONDS: '2' } });
  await insertMarketplace(ctx.deps.db);
  for (const id of ['alice', 'bob', 'carol', 'dave', 'erin']) await insertMember(ctx.deps.db, id, id === 'bob' ? { language: 'fr' } : {});
  await befriend(ctx.deps.db, 'alice', 'bob');
  await befriend(ctx.deps.db, 'dave', 'alice');
  await befriend(ctx.deps.db, 'alice', 'erin', 'pending');
  await befriend(ctx.deps.db, 'carol', 'dave');
  for (const id of ['alice', 'bob', 'carol', 'dave', 'erin']) cookies[id] = await signedIn(ctx, id);
});
afterAll(() => ctx.close());

const api = (who: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  ctx.request(path, {
    method,
    headers: {
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(who ? { Cookie: cookies[who] } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const buy = (who: string, body: Record<string, unknown>, idempotencyKey = key()) =>
  api(who, 'POST', '/api/user/orders/tickets', body, { 'Idempotency-Key': idempotencyKey });

/** alice buys for herself and bob, Standard (15.00) with one Poster (5.00): 35.00 */
const aliceAndBob = {
  eventId: 'e1',
  categoryId: 't1',
  holderIds: ['alice', 'bob'],
  addons: [{ addonId: 'a1', quantity: 1 }],
  expectedTotal: 3500,
  currency: 'EUR',
};

const soldOf = async (categoryId: string) =>
  (await ctx.deps.db.selectFrom('ticket_categories').select('sold').where('id', '=', categoryId).executeTakeFirstOrThrow()).sold;

async function order(who: string, reference: string): Promise<OrderDetail> {
  const response = await api(who, 'GET', `/api/user/orders/${reference}`);
  expect(response.status).toBe(200);
  return response.json();
}

describe('buying tickets for oneself and a friend', () => {
  let answer: CheckoutAnswer;

  it('holds the seats in a pending order with a short reference and sends the buyer to the payment step', async () => {
    const before = await soldOf('t1');
    const response = await buy('alice', aliceAndBob);
    expect(response.status).toBe(201);
    answer = await response.json();
    expect(answer.order).toMatchObject({
      status: 'pending_payment',
      totalMinor: 3500,
      currency: 'EUR',
      kind: 'tickets',
      title: 'Event e1',
      itemCount: 2,
    });
    expect(answer.order.reference).toMatch(ORDER_REFERENCE_PATTERN);
    expect(new Date(answer.order.holdExpiresAt!).getTime()).toBe(nowMs + 2000);
    expect(answer.redirectUrl).toMatch(/\/api\/payments\/sandbox\/pay\/sbx_pay_/);
    expect(await soldOf('t1')).toBe(before + 2);
    const detail = await order('alice', answer.order.reference);
    expect(detail.tickets.map((t) => [t.holder.id, t.status, t.code])).toEqual([
      ['alice', 'reserved', null],
      ['bob', 'reserved', null],
    ]);
    expect(detail.lines).toEqual([
      { kind: 'ticket', label: 'Standard', qty: 2, unitPrice: 1500 },
      { kind: 'addon', label: 'Poster', qty: 1, unitPrice: 500 },
    ]);
    expect(detail).toMatchObject({ canPay: true, canCancel: true, payment: { status: 'pending' } });
  });

  it('the declined card leaves the order unpaid with no tickets', async () => {
    const step = await payOnStep(ctx, answer.redirectUrl!, card(TEST_CARD.declined));
    expect(await step.text()).toContain('Your card was declined.');
    await sandboxOf(ctx).settled();
    const detail = await order('alice', answer.order.reference);
    expect(detail.status).toBe('pending_payment');
    expect(detail.payment).toMatchObject({ status: 'failed', failureCode: 'card_declined' });
    expect(detail.tickets.every((t) => t.status === 'reserved' && t.code === null)).toBe(true);
    expect((await (await api('bob', 'GET', '/api/user/tickets')).json()).tickets).toEqual([]);
  });

  it('the success card pays it: one ticket per holder, each with its own code; both get a mail with the reference', async () => {
    const mailsBefore = readOutbox(ctx.dataDir).length;
    const step = await payOnStep(ctx, answer.redirectUrl!, card(TEST_CARD.success));
    expect(step.status).toBe(303);
    expect(step.headers.get('location')).toBe(`http://localhost/profile/orders/${answer.order.reference}?from=payment`);
    // the browser is back: the return path asks the provider; the webhook comes too
    const confirmed = await api('alice', 'POST', `/api/user/orders/${answer.order.reference}/confirm`);
    expect((await confirmed.json()).status).toBe('paid');
    await sandboxOf(ctx).settled();
    const detail = await order('alice', answer.order.reference);
    expect(detail).toMatchObject({ status: 'paid', canPay: false, canCancel: false, holdExpiresAt: null });
    const [mine, bobs] = detail.tickets;
    expect(mine).toMatchObject({ status: 'active', holder: { id: 'alice' } });
    expect(mine.code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{1,4}){6}$/);
    expect(mine.qrSvg).toContain('<svg');
    // the buyer sees who holds the friend's ticket and its QR (the group at the door), but cannot pass it on
    expect(bobs).toMatchObject({ status: 'active', holder: { id: 'bob', name: 'Bob Tester' }, canTransfer: false });
    expect(bobs.qrSvg).toContain('<svg');
    const wallet: Wallet = await (await api('bob', 'GET', '/api/user/tickets')).json();
    expect(wallet.tickets).toHaveLength(1);
    expect(wallet.tickets[0]).toMatchObject({ orderReference: answer.order.reference, buyerName: 'Alice Tester', canTransfer: true });
    expect(wallet.tickets[0].code).toBe(bobs.code);
    expect(wallet.tickets[0].code).not.toBe(mine.code);
    const codes = await ctx.deps.db.selectFrom('tickets').select('code').execute();
    expect(new Set(codes.map((c) => c.code)).size).toBe(codes.length);
    const mails = readOutbox(ctx.dataDir).slice(mailsBefore);
    expect(mails.map((m) => m.to).sort()).toEqual(['alice@example.com', 'bob@example.com']);
    const toBob = mails.find((m) => m.to === 'bob@example.com')!;
    expect(toBob.language).toBe('fr');
    expect(toBob.text).toContain(answer.order.reference);
    expect(mails.find((m) => m.to === 'alice@example.com')!.subject).toContain(answer.order.reference);
  });

  it('a replayed webhook changes nothing: no new tickets, no new mail', async () => {
    const mailsBefore = readOutbox(ctx.dataDir).length;
    const ticketsBefore = (await ctx.deps.db.selectFrom('tickets').select('id').execute()).length;
    for (const sent of sandboxOf(ctx)
      .recentWebhooks()
      .filter((w) => w.type === 'payment.succeeded')) {
      const replay = await ctx.request('/api/payments/webhooks/sandbox', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Souk-Sandbox-Signature': sent.signature },
        body: sent.body,
      });
      expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    }
    expect((await ctx.deps.db.selectFrom('tickets').select('id').execute()).length).toBe(ticketsBefore);
    expect(readOutbox(ctx.dataDir).length).toBe(mailsBefore);
  });

  it('the orders list shows it with its status', async () => {
    const page = await (await api('alice', 'GET', '/api/user/orders')).json();
    expect(page.content[0]).toMatchObject({ reference: answer.order.reference, status: 'paid', totalMinor: 3500 });
    expect(await (await api('bob', 'GET', '/api/user/orders')).json()).toMatchObject({ totalElements: 0 });
  });

  it('the friend sees their own ticket of the order, not the rest; anyone else gets not found', async () => {
    const forBob = await order('bob', answer.order.reference);
    expect(forBob).toMatchObject({ role: 'holder', buyerName: 'Alice Tester', lines: [], totalMinor: 0, payment: null, canPay: false });
    expect(forBob.tickets).toHaveLength(1);
    expect(forBob.tickets[0]).toMatchObject({ holder: { id: 'bob' }, status: 'active' });
    expect(forBob.tickets[0].code).toBeTruthy();
    expect((await api('carol', 'GET', `/api/user/orders/${answer.order.reference}`)).status).toBe(404);
  });

  it('buyer and friend are notified in the app', async () => {
    const inbox = async (who: string) =>
      (await (await api(who, 'GET', '/api/user/notifications')).json()).content as { kind: string; link: string }[];
    expect((await inbox('alice')).map((n) => [n.kind, n.link])).toContainEqual([
      'ticket.purchased',
      `/profile/orders/${answer.order.reference}`,
    ]);
    expect((await inbox('bob')).map((n) => [n.kind, n.link])).toContainEqual([
      'ticket.transferred',
      `/profile/orders/${answer.order.reference}`,
    ]);
  });
});

describe('a webhook that arrives before the browser returns', () => {
  it('completes the order exactly once; the return finds it paid', async () => {
    await insertSmallEvent(ctx.deps.db, 'early', 10);
    const answer: CheckoutAnswer = await (
      await buy('alice', {
        eventId: 'early',
        categoryId: 'early-seat',
        holderIds: ['alice'],
        addons: [],
        expectedTotal: 2000,
        currency: 'EUR',
      })
    ).json();
    const mailsBefore = readOutbox(ctx.dataDir).length;
    await payOnStep(ctx, answer.redirectUrl!, card(TEST_CARD.success));
    await sandboxOf(ctx).settled(); // the webhook is in before the browser asks
    expect((await order('alice', answer.order.reference)).status).toBe('paid');
    const back = await (await api('alice', 'POST', `/api/user/orders/${answer.order.reference}/confirm`)).json();
    expect(back.status).toBe('paid');
    const tickets = await ctx.deps.db.selectFrom('tickets').selectAll().where('event_id', '=', 'early').execute();
    expect(tickets.map((t) => t.status)).toEqual(['active']);
    expect(readOutbox(ctx.dataDir).length - mailsBefore).toBe(1);
  });

  it('and the other way round: the return confirms, the late webhook changes nothing', async () => {
    const answer: CheckoutAnswer = await (
      await buy('alice', {
        eventId: 'early',
        categoryId: 'early-seat',
        holderIds: ['alice'],
        addons: [],
        expectedTotal: 2000,
        currency: 'EUR',
      })
    ).json();
    sandboxOf(ctx).pauseWebhooks();
    await payOnStep(ctx, answer.redirectUrl!, card(TEST_CARD.success));
    expect((await (await api('alice', 'POST', `/api/user/orders/${answer.order.reference}/confirm`)).json()).status).toBe('paid');
    sandboxOf(ctx).resumeWebhooks();
    await sandboxOf(ctx).settled();
    const tickets = await ctx.deps.db
      .selectFrom('tickets')
      .selectAll()
      .where('event_id', '=', 'early')
      .where('status', '=', 'active')
      .execute();
    expect(tickets).toHaveLength(2);
  });
});

describe('the paid mail is written with the payment', () => {
  it('a mail that cannot be queued when the order is paid goes out at the next poll, once', async () => {
    await insertSmallEvent(ctx.deps.db, 'mailed', 10);
    const answer: CheckoutAnswer = await (
      await buy('carol', {
        eventId: 'mailed',
        categoryId: 'mailed-seat',
        holderIds: ['carol'],
        addons: [],
        expectedTotal: 2000,
        currency: 'EUR',
      })
    ).json();
    const mailer = ctx.deps.mail;
    const send = mailer.send.bind(mailer);
    const mailsBefore = readOutbox(ctx.dataDir).length;
    mailer.send = () => Promise.reject(new Error('mail store unreachable'));
    try {
      await payOnStep(ctx, answer.redirectUrl!, card(TEST_CARD.success));
      await sandboxOf(ctx).settled();
      await jobsOf(ctx.deps).settled();
    } finally {
      mailer.send = send;
    }
    expect((await order('carol', answer.order.reference)).status).toBe('paid');
    const waiting = () => ctx.deps.db.selectFrom('jobs').select('last_error').where('kind', '=', 'order.paid-mails').execute();
    expect(await waiting()).toEqual([{ last_error: expect.stringContaining('could not be queued') }]);
    expect(readOutbox(ctx.dataDir).length).toBe(mailsBefore);

    await ctx.deps.db
      .updateTable('jobs')
      .set({ run_at: new Date(0).toISOString() })
      .where('kind', '=', 'order.paid-mails')
      .execute();
    await jobsOf(ctx.deps).runDue();
    await jobsOf(ctx.deps).settled();
    expect(await waiting()).toEqual([]);
    expect(
      readOutbox(ctx.dataDir)
        .slice(mailsBefore)
        .map((mail) => mail.subject),
    ).toEqual([expect.stringContaining(answer.order.reference)]);
  });
});

describe('the problems the purchase form shows', () => {
  const problemOf = async (response: Response) => ({ status: response.status, body: await response.json() });

  it('a tier of another event', async () => {
    const { status, body } = await problemOf(await buy('alice', { ...aliceAndBob, categoryId: 'early-seat', expectedTotal: 4500 }));
    expect([status, body.code]).toEqual([422, 'unknown_category']);
    expect(body.errors.categoryId).toBeDefined();
  });

  it('an add-on of another event', async () => {
    const { status, body } = await problemOf(await buy('alice', { ...aliceAndBob, addons: [{ addonId: 'early-drink', quantity: 1 }] }));
    expect([status, body.code]).toEqual([422, 'unknown_addon']);
  });

  it('a holder who is not a friend (a stranger, a pending request)', async () => {
    for (const holder of ['carol', 'erin']) {
      const { status, body } = await problemOf(await buy('alice', { ...aliceAndBob, holderIds: ['alice', holder], expectedTotal: 3500 }));
      expect([status, body.code]).toEqual([422, 'not_a_friend']);
    }
  });

  it('quantities out of range, duplicate holders, no holder: 400 naming the field', async () => {
    for (const change of [
      { addons: [{ addonId: 'a1', quantity: 11 }] },
      { addons: [{ addonId: 'a1', quantity: 0 }] },
      { holderIds: ['alice', 'alice'] },
      { holderIds: [] },
      { categoryId: '' },
    ]) {
      const { status, body } = await problemOf(await buy('alice', { ...aliceAndBob, ...change }));
      expect(status).toBe(400);
      expect(body.code).toBe('validation_failed');
      expect(Object.keys(body.errors).length).toBeGreaterThan(0);
    }
  });

  it('a price changed since the form loaded: refused with the new total, nothing charged', async () => {
    const { status, body } = await problemOf(await buy('alice', { ...aliceAndBob, expectedTotal: 3000 }));
    expect([status, body.code]).toEqual([409, 'price_changed']);
    expect(body.errors.expectedTotal).toEqual(['3500']);
  });

  it('a past event, and a closed (unpublished) one', async () => {
    const past = await problemOf(await buy('alice', { ...aliceAndBob, eventId: 'e3' }));
    expect([past.status, past.body.code]).toEqual([409, 'event_closed']);
    await ctx.deps.db.updateTable('events').set({ status_code: 0 }).where('id', '=', 'e2').execute();
    const closed = await problemOf(await buy('alice', { ...aliceAndBob, eventId: 'e2' }));
    expect([closed.status, closed.body.code]).toEqual([409, 'event_closed']);
  });

  it('a sold-out tier', async () => {
    await insertSmallEvent(ctx.deps.db, 'tiny', 1);
    const first = await buy('alice', {
      eventId: 'tiny',
      categoryId: 'tiny-seat',
      holderIds: ['alice'],
      addons: [],
      expectedTotal: 2000,
      currency: 'EUR',
    });
    expect(first.status).toBe(201);
    const { status, body } = await problemOf(
      await buy('bob', { eventId: 'tiny', categoryId: 'tiny-seat', holderIds: ['bob'], addons: [], expectedTotal: 2000, currency: 'EUR' }),
    );
    expect([status, body.code]).toEqual([409, 'sold_out']);
    expect(await soldOf('tiny-seat')).toBe(1);
  });

  it('no Idempotency-Key, or not signed in', async () => {
    const noKey = await api('alice', 'POST', '/api/user/orders/tickets', aliceAndBob);
    expect(noKey.status).toBe(400);
    expect((await noKey.json()).errors['idempotency-key']).toBeDefined();
    expect((await buy('nobody', aliceAndBob)).status).toBe(401);
  });
});

describe('idempotency', () => {
  it('the same checkout sent twice at once yields one order', async () => {
    await insertSmallEvent(ctx.deps.db, 'twice', 5);
    const body = {
      eventId: 'twice',
      categoryId: 'twice-seat',
      holderIds: ['alice', 'bob'],
      addons: [{ addonId: 'twice-drink', quantity: 2 }],
      expectedTotal: 5000,
      currency: 'EUR',
    };
    const sameKey = key();
    const [a, b] = await Promise.all([buy('alice', body, sameKey), buy('alice', body, sameKey)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const [first, second]: CheckoutAnswer[] = [await a.json(), await b.json()];
    expect(first.order.reference).toBe(second.order.reference);
    expect(first.redirectUrl).toBe(second.redirectUrl);
    const orders = await ctx.deps.db.selectFrom('orders').select('id').where('event_id', '=', 'twice').execute();
    expect(orders).toHaveLength(1);
    expect(await soldOf('twice-seat')).toBe(2);
    const paymentRows = await ctx.deps.db.selectFrom('payments').select('id').where('subject_id', '=', orders[0].id).execute();
    expect(paymentRows).toHaveLength(1);
    // a retry later gets the same answer too; the same key for another purchase is refused
    expect((await (await buy('alice', body, sameKey)).json()).order.reference).toBe(first.order.reference);
    const reused = await buy('alice', { ...body, holderIds: ['alice'], addons: [], expectedTotal: 2000 }, sameKey);
    expect([reused.status, (await reused.json()).code]).toEqual([422, 'idempotency_key_reused']);
  });
});

describe('holds', () => {
  it('an unpaid order expires after ORDER_HOLD_SECONDS and its seats are sold to the next buyer; its late payment is refunded', async () => {
    await insertSmallEvent(ctx.deps.db, 'hold', 2);
    const seats = { eventId: 'hold', categoryId: 'hold-seat', addons: [], currency: 'EUR' };
    const first: CheckoutAnswer = await (await buy('alice', { ...seats, holderIds: ['alice', 'bob'], expectedTotal: 4000 })).json();
    expect(first.order.status).toBe('pending_payment');
    const waiting = await buy('dave', { ...seats, holderIds: ['dave'], expectedTotal: 2000 });
    expect((await waiting.json()).code).toBe('sold_out');

    nowMs += 2_001; // the two-second hold (ORDER_HOLD_SECONDS=2 in this test) has ended
    const next = await buy('dave', { ...seats, holderIds: ['dave', 'alice'], expectedTotal: 4000 });
    expect(next.status).toBe(201);
    expect(await soldOf('hold-seat')).toBe(2);
    const expired = await order('alice', first.order.reference);
    expect(expired).toMatchObject({ status: 'expired', canPay: false });
    expect((await api('alice', 'POST', `/api/user/orders/${first.order.reference}/pay`)).status).toBe(409);

    // alice still had the payment step open and pays now: the seats are gone, so the money goes back
    const mailsBefore = readOutbox(ctx.dataDir).length;
    await payOnStep(ctx, first.redirectUrl!, card(TEST_CARD.success));
    await sandboxOf(ctx).settled();
    const refunded = await order('alice', first.order.reference);
    expect(refunded.status).toBe('refunded');
    expect(refunded.payment?.status).toBe('refunded');
    expect(refunded.tickets.every((t) => t.status === 'void')).toBe(true);
    expect(await soldOf('hold-seat')).toBe(2);
    const mail = readOutbox(ctx.dataDir)
      .slice(mailsBefore)
      .find((m) => m.to === 'alice@example.com');
    expect(mail?.subject).toContain('refunded');
  });

  it('a payment a little late, while the seats are still free, takes them again', async () => {
    await insertSmallEvent(ctx.deps.db, 'late', 3);
    const answer: CheckoutAnswer = await (
      await buy('bob', { eventId: 'late', categoryId: 'late-seat', holderIds: ['bob'], addons: [], expectedTotal: 2000, currency: 'EUR' })
    ).json();
    nowMs += 2_001;
    const listed = await ctx.request('/api/user/orders', { headers: { Cookie: cookies.bob } }); // reading expires it
    expect(await soldOf('late-seat')).toBe(0);
    // an abandoned checkout is no purchase: out of the list, still there by its reference
    const references = ((await listed.json()) as { content: { reference: string }[] }).content.map((row) => row.reference);
    expect(references).not.toContain(answer.order.reference);
    expect((await order('bob', answer.order.reference)).status).toBe('expired');
    await payOnStep(ctx, answer.redirectUrl!, card(TEST_CARD.success));
    await sandboxOf(ctx).settled();
    expect((await order('bob', answer.order.reference)).status).toBe('paid');
    expect(await soldOf('late-seat')).toBe(1);
  });

  // SQLite runs one writer at a time: a hold cannot end in the middle of the payment's transaction there
  it.skipIf(process.env.DATABASE_URL?.startsWith('postgres') !== true)(
    'a hold that ends while its payment is being applied: the payment is then late, and takes the seats again',
    async () => {
      await insertSmallEvent(ctx.deps.db, 'between', 3);
      const answer: CheckoutAnswer = await (
        await buy('erin', {
          eventId: 'between',
          categoryId: 'between-seat',
          holderIds: ['erin'],
          addons: [],
          expectedTotal: 2000,
          currency: 'EUR',
        })
      ).json();
      const { db } = ctx.deps;
      const orderId = (await db.selectFrom('orders').select('id').where('reference', '=', answer.order.reference).executeTakeFirstOrThrow())
        .id;
      let paying: Promise<unknown> | undefined;
      let blocked = false;
      await db.transaction().execute(async (trx) => {
        // the hold ends (as the sweeper ends it) but is not committed yet when the payment comes
        await trx.updateTable('orders').set({ status: 'expired' }).where('id', '=', orderId).execute();
        await trx.updateTable('ticket_categories').set({ sold: 0 }).where('id', '=', 'between-seat').execute();
        await trx.updateTable('events').set({ sold: 0 }).where('id', '=', 'between').execute();
        paying = payOnStep(ctx, answer.redirectUrl!, card(TEST_CARD.success)).then(() => sandboxOf(ctx).settled());
        // until the payment's transaction waits for this one's row
        for (let tries = 0; tries < 800 && !blocked; tries++) {
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`.execute(
            db,
          );
          blocked = rows[0].n > 0;
          if (!blocked) await new Promise((resolve) => setTimeout(resolve, 25));
        }
      });
      expect(blocked, 'the payment came while the hold was ending').toBe(true);
      await paying;
      expect((await order('erin', answer.order.reference)).status).toBe('paid');
      expect(await soldOf('between-seat')).toBe(1);
    },
  );

  it('a payment that arrives after the event was cancelled is refunded, never retaking the seats', async () => {
    await insertSmallEvent(ctx.deps.db, 'called-off', 3);
    const answer: CheckoutAnswer = await (
      await buy('carol', {
        eventId: 'called-off',
        categoryId: 'called-off-seat',
        holderIds: ['carol'],
        addons: [],
        expectedTotal: 2000,
        currency: 'EUR',
      })
    ).json();
    // the firm cancels the event while carol is on the payment step: her pending order is closed
    await ctx.deps.db.updateTable('events').set({ status_code: EVENT_STATUS.CANCELLED }).where('id', '=', 'called-off').execute();
    await ctx.deps.db
      .updateTable('orders')
      .set({ status: 'cancelled', hold_expires_at: null })
      .where('event_id', '=', 'called-off')
      .execute();
    await ctx.deps.db.updateTable('ticket_categories').set({ sold: 0 }).where('id', '=', 'called-off-seat').execute();
    await payOnStep(ctx, answer.redirectUrl!, card(TEST_CARD.success));
    await sandboxOf(ctx).settled();
    const refunded = await order('carol', answer.order.reference);
    expect(refunded.status).toBe('refunded');
    expect(refunded.payment?.status).toBe('refunded');
    expect(await soldOf('called-off-seat')).toBe(0);
  });

  it('cancelling a pending order gives its seats back at once', async () => {
    await insertSmallEvent(ctx.deps.db, 'cancel', 2);
    const answer: CheckoutAnswer = await (
      await buy('alice', {
        eventId: 'cancel',
        categoryId: 'cancel-seat',
        holderIds: ['alice', 'bob'],
        addons: [],
        expectedTotal: 4000,
        currency: 'EUR',
      })
    ).json();
    expect(await soldOf('cancel-seat')).toBe(2);
    const cancelled = await (await api('alice', 'POST', `/api/user/orders/${answer.order.reference}/cancel`)).json();
    expect(cancelled.status).toBe('cancelled');
    expect(await soldOf('cancel-seat')).toBe(0);
    expect((await api('alice', 'POST', `/api/user/orders/${answer.order.reference}/cancel`)).status).toBe(200);
  });
});

describe('passing a ticket to a friend', () => {
  it('gives the friend a new code; the old one stops working; the buyer sees the new holder', async () => {
    await insertSmallEvent(ctx.deps.db, 'pass', 5);
    const answer: CheckoutAnswer = await (
      await buy('dave', { eventId: 'pass', categoryId: 'pass-seat', holderIds: ['dave'], addons: [], expectedTotal: 2000, currency: 'EUR' })
    ).json();
    await payOnStep(ctx, answer.redirectUrl!, card(TEST_CARD.success));
    await sandboxOf(ctx).settled();
    const davesWallet: Wallet = await (await api('dave', 'GET', '/api/user/tickets')).json();
    const ticket = davesWallet.tickets.find((t) => t.orderReference === answer.order.reference)!;
    const oldCode = ticket.code;

    const stranger = await api('dave', 'POST', `/api/user/tickets/${ticket.id}/transfer`, { toUserId: 'erin' });
    expect([stranger.status, (await stranger.json()).code]).toEqual([422, 'not_a_friend']);
    const notMine = await api('alice', 'POST', `/api/user/tickets/${ticket.id}/transfer`, { toUserId: 'bob' });
    expect(notMine.status).toBe(404);

    const mailsBefore = readOutbox(ctx.dataDir).length;
    const passed = await api('dave', 'POST', `/api/user/tickets/${ticket.id}/transfer`, { toUserId: 'alice' });
    expect(passed.status).toBe(200);
    expect(await passed.json()).toMatchObject({ holder: { id: 'alice' }, code: null });
    const again = await api('dave', 'POST', `/api/user/tickets/${ticket.id}/transfer`, { toUserId: 'alice' });
    expect(again.status).toBe(409);

    const alicesWallet: Wallet = await (await api('alice', 'GET', '/api/user/tickets')).json();
    const received = alicesWallet.tickets.find((t) => t.orderReference === answer.order.reference)!;
    expect(received.code).not.toBe(oldCode);
    expect(received.buyerName).toBe('Dave Tester');
    expect((await (await api('dave', 'GET', '/api/user/tickets')).json()).tickets.some((t: { code: string }) => t.code === oldCode)).toBe(
      false,
    );
    const old = await ctx.deps.db.selectFrom('tickets').select(['status']).where('id', '=', ticket.id).executeTakeFirstOrThrow();
    expect(old.status).toBe('transferred');
    const forBuyer = await order('dave', answer.order.reference);
    expect(forBuyer.tickets.map((t) => t.holder.id)).toEqual(['alice']);
    expect(
      readOutbox(ctx.dataDir)
        .slice(mailsBefore)
        .map((m) => m.to),
    ).toEqual(['alice@example.com']);
  });

  it('not after the event has started', async () => {
    const wallet: Wallet = await (await api('alice', 'GET', '/api/user/tickets')).json();
    const ticket = wallet.tickets.find((t) => t.event.id === 'pass')!;
    const saved = nowMs;
    nowMs = new Date('2026-06-30T19:30:00.000Z').getTime();
    cookies.alice = await signedIn(ctx, 'alice'); // a login of that day
    const response = await api('alice', 'POST', `/api/user/tickets/${ticket.id}/transfer`, { toUserId: 'dave' });
    nowMs = saved;
    cookies.alice = await signedIn(ctx, 'alice');
    expect([response.status, (await response.json()).code]).toEqual([409, 'ticket_not_transferable']);
  });
});

describe('free tickets', () => {
  it('an order with nothing to pay is paid at once, with no payment step', async () => {
    await insertSmallEvent(ctx.deps.db, 'free', 5);
    await ctx.deps.db.updateTable('ticket_categories').set({ price_minor: 0 }).where('id', '=', 'free-seat').execute();
    const answer: CheckoutAnswer = await (
      await buy('bob', { eventId: 'free', categoryId: 'free-seat', holderIds: ['bob'], addons: [], expectedTotal: 0, currency: 'EUR' })
    ).json();
    expect(answer.redirectUrl).toBeNull();
    expect(answer.order.status).toBe('paid');
    const wallet: Wallet = await (await api('bob', 'GET', '/api/user/tickets')).json();
    expect(wallet.tickets.some((t) => t.event.id === 'free' && t.code)).toBe(true);
  });
});

describe('the cart', () => {
  const put = (who: string, itemType: string, itemId: string, quantity: number) =>
    api(who, 'PUT', '/api/user/cart/items', { itemType, itemId, quantity });

  it('keeps one cart per firm, with quantities, at today’s prices', async () => {
    expect((await put('alice', 'product', 'p1', 2)).status).toBe(200);
    await put('alice', 'product', 'p2', 1);
    const { carts } = await (await api('alice', 'GET', '/api/user/cart')).json();
    expect(carts).toHaveLength(1);
    expect(carts[0]).toMatchObject({ firmId: 'f3', currency: 'EUR', totalMinor: 1001 * 2 + 1002, itemCount: 3 });
    expect((await put('alice', 'product', 'p2', 0)).status).toBe(200);
    expect((await (await api('alice', 'GET', '/api/user/cart')).json()).carts[0].lines).toHaveLength(1);
  });

  it('refuses more than the stock, an out-of-stock product, and menu items of a firm that does not take orders', async () => {
    const tooMany = await put('alice', 'product', 'p1', 11);
    expect([tooMany.status, (await tooMany.json()).code]).toEqual([409, 'out_of_stock']);
    expect((await (await put('alice', 'product', 'p5', 1)).json()).code).toBe('out_of_stock');
    const menu = await put('alice', 'menu_item', 'i1', 1);
    expect([menu.status, (await menu.json()).code]).toEqual([422, 'item_unavailable']);
    await ctx.deps.db.updateTable('firms').set({ takes_orders: 1 }).where('id', '=', 'f1').execute();
    expect((await put('alice', 'menu_item', 'i1', 2)).status).toBe(200);
    expect((await put('alice', 'product', 'missing', 1)).status).toBe(404);
  });

  it('checks out through the same order and payment flow; paid, the cart of that firm empties and the stock is taken', async () => {
    const { carts } = await (await api('alice', 'GET', '/api/user/cart')).json();
    const shop = carts.find((c: { firmId: string }) => c.firmId === 'f3');
    const response = await api(
      'alice',
      'POST',
      '/api/user/orders/cart/f3',
      { expectedTotal: shop.totalMinor, currency: 'EUR' },
      { 'Idempotency-Key': key() },
    );
    expect(response.status).toBe(201);
    const answer: CheckoutAnswer = await response.json();
    expect(answer.order).toMatchObject({ kind: 'shop', title: 'Pages & Co', totalMinor: 2002, status: 'pending_payment' });
    const stock = await ctx.deps.db.selectFrom('products').select(['sold']).where('id', '=', 'p1').executeTakeFirstOrThrow();
    expect(stock.sold).toBe(2);
    await payOnStep(ctx, answer.redirectUrl!, card(TEST_CARD.success));
    await sandboxOf(ctx).settled();
    expect((await order('alice', answer.order.reference)).status).toBe('paid');
    const after = await (await api('alice', 'GET', '/api/user/cart')).json();
    expect(after.carts.map((c: { firmId: string }) => c.firmId)).toEqual(['f1']);
  });

  it('two buyers racing for the last items never take the stock below zero', async () => {
    await ctx.deps.db.updateTable('products').set({ stock: 3, sold: 2 }).where('id', '=', 'p3').execute();
    await put('bob', 'product', 'p3', 1);
    await put('dave', 'product', 'p3', 1);
    const [b, d] = await Promise.all(
      ['bob', 'dave'].map((who) =>
        api(who, 'POST', '/api/user/orders/cart/f3', { expectedTotal: 1003, currency: 'EUR' }, { 'Idempotency-Key': key() }),
      ),
    );
    expect([b.status, d.status].sort()).toEqual([201, 409]);
    const p3 = await ctx.deps.db.selectFrom('products').select(['stock', 'sold']).where('id', '=', 'p3').executeTakeFirstOrThrow();
    expect(p3).toEqual({ stock: 3, sold: 3 });
  });

  it('an empty cart and a changed price are refused', async () => {
    const empty = await api(
      'erin',
      'POST',
      '/api/user/orders/cart/f3',
      { expectedTotal: 0, currency: 'EUR' },
      { 'Idempotency-Key': key() },
    );
    expect([empty.status, (await empty.json()).code]).toEqual([422, 'cart_empty']);
    const changed = await api(
      'alice',
      'POST',
      '/api/user/orders/cart/f1',
      { expectedTotal: 1, currency: 'EUR' },
      { 'Idempotency-Key': key() },
    );
    expect([changed.status, (await changed.json()).code]).toEqual([409, 'price_changed']);
  });
});
