import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { FIXTURE_NOW, insertMarketplace } from '../../testing/marketplace-fixtures';
import { card, insertMember, insertSmallEvent, payOnStep, sandboxOf, signedIn, TEST_CARD } from '../../testing/order-fixtures';
import { signPayload, SANDBOX_SIGNATURE_HEADER } from '../../lib/payments/signature';
import { reconcileOrderPayments } from './payment-reconciler';
import type { CheckoutAnswer } from '../../../shared/orders';

/**
 * An order's money when the provider's webhook never comes (its delivery lost with a killed
 * process): the reconciliation asks the provider, before the hold ends and after; and a webhook
 * whose amount or currency is not the order's is refused and shown to the firm's owner.
 */
const SECRET = 'sandbox-test-secret-0123456789';
let ctx: TestContext;
let nowMs = FIXTURE_NOW.getTime();
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext({
    clock: () => new Date(nowMs),
    envOverrides: { ORDER_HOLD_SECONDS: '60', SANDBOX_WEBHOOK_SECRET: SECRET },
  });
  await insertMarketplace(ctx.deps.db);
  for (const id of ['alice', 'owner']) await insertMember(ctx.deps.db, id);
  await ctx.deps.db
    .insertInto('employments')
    .values({
      id: 'emp-owner',
      firm_id: 'f1',
      user_id: 'owner',
      user_role: 'OWNER',
      profession: null,
      active: 1,
      created_at: FIXTURE_NOW.toISOString(),
    })
    .execute();
  cookies.alice = await signedIn(ctx, 'alice');
});
afterAll(() => ctx.close());

let events = 0;
async function checkout(): Promise<CheckoutAnswer> {
  const id = `rec${++events}`;
  await insertSmallEvent(ctx.deps.db, id, 5);
  const response = await ctx.request('/api/user/orders/tickets', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookies.alice, 'Idempotency-Key': `checkout-${id}` },
    body: JSON.stringify({ eventId: id, categoryId: `${id}-seat`, holderIds: ['alice'], addons: [], expectedTotal: 2000, currency: 'EUR' }),
  });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body;
}

/** Pays on the step with the webhook lost: its job gone, as with a process killed before it was durable. */
async function payLosingTheWebhook(answer: CheckoutAnswer) {
  sandboxOf(ctx).pauseWebhooks();
  expect((await payOnStep(ctx, answer.redirectUrl!, card(TEST_CARD.success))).status).toBe(303);
  await ctx.deps.db.deleteFrom('jobs').where('kind', '=', 'sandbox.webhook').execute();
  sandboxOf(ctx).resumeWebhooks();
  await sandboxOf(ctx).settled();
}

const orderOf = (answer: CheckoutAnswer) =>
  ctx.deps.db.selectFrom('orders').select(['id', 'status']).where('reference', '=', answer.order.reference).executeTakeFirstOrThrow();

describe('reconciliation with the provider', () => {
  it('a payment whose webhook was lost is found paid before its hold ends', async () => {
    const answer = await checkout();
    await payLosingTheWebhook(answer);
    expect((await orderOf(answer)).status).toBe('pending_payment');
    // the hold ends in 60 s: within the window the reconciler asks about
    await reconcileOrderPayments(ctx.deps, new Date(nowMs + 120_000));
    expect((await orderOf(answer)).status).toBe('paid');
  });

  it('a payment found taken after its order expired is refunded when the seats went back on sale', async () => {
    const answer = await checkout();
    await payLosingTheWebhook(answer);
    nowMs += 61_000;
    // the order expires without news (the sweeper); its seats are then sold out
    await ctx.request('/api/user/orders', { headers: { Cookie: cookies.alice } });
    const order = await orderOf(answer);
    expect(order.status).toBe('expired');
    const eventId = (await ctx.deps.db.selectFrom('orders').select('event_id').where('id', '=', order.id).executeTakeFirstOrThrow())
      .event_id!;
    await ctx.deps.db.updateTable('events').set({ sold: 5 }).where('id', '=', eventId).execute();
    await reconcileOrderPayments(ctx.deps, new Date(nowMs));
    await sandboxOf(ctx).settled();
    expect((await orderOf(answer)).status).toBe('refunded');
    const payment = await ctx.deps.db.selectFrom('payments').selectAll().where('subject_id', '=', order.id).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: 'refunded', refunded_minor: 2000 });
    const atProvider = await sandboxOf(ctx).find(payment.provider_payment_id);
    expect(atProvider?.refunded_minor).toBe(2000);
  });
});

describe('a webhook checked against the order', () => {
  it('another amount or currency is refused, recorded on the payment and told to the owner', async () => {
    const answer = await checkout();
    const payment = await ctx.deps.db
      .selectFrom('payments')
      .selectAll()
      .where('reference', '=', answer.order.reference)
      .executeTakeFirstOrThrow();
    const body = JSON.stringify({
      id: 'evt_wrong_amount',
      type: 'payment.succeeded',
      created: Math.floor(nowMs / 1000),
      data: { object: { id: payment.provider_payment_id, amount: 100, currency: 'USD', status: 'succeeded', method: 'card' } },
    });
    const response = await ctx.request('/api/payments/webhooks/sandbox', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signPayload(SECRET, body, new Date(nowMs)) },
      body,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: 'refused' });
    const after = await ctx.deps.db.selectFrom('payments').selectAll().where('id', '=', payment.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'pending', mismatch: '100 USD' });
    expect((await orderOf(answer)).status).toBe('pending_payment');
    const told = await ctx.deps.db.selectFrom('notifications').selectAll().where('user_id', '=', 'owner').execute();
    expect(told).toEqual([expect.objectContaining({ kind: 'payment.mismatch', link: `/workspace/orders/${answer.order.reference}` })]);
  });
});
