import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { FIXTURE_NOW, insertMarketplace } from '../../testing/marketplace-fixtures';
import { befriend, insertMember, insertSmallEvent, signedIn } from '../../testing/order-fixtures';
import { EVENT_VISIBILITY } from '../../../shared/owner-events';
import type { EventDetail } from '../../../shared/events';

/**
 * The rules of a ticket sale at checkout: the tier's sales window, its hidden flag, its limits per
 * order and per buyer, the event's visibility. Each small event is the fixture's (one tier "Seat"
 * at 20.00, on sale) with one rule changed.
 */
let ctx: TestContext;
const cookies: Record<string, string> = {};
let keys = 0;

beforeAll(async () => {
  ctx = await createTestContext({ clock: () => FIXTURE_NOW });
  await insertMarketplace(ctx.deps.db);
  for (const id of ['ann', 'ben', 'cy']) {
    await insertMember(ctx.deps.db, id);
    cookies[id] = await signedIn(ctx, id);
  }
  await befriend(ctx.deps.db, 'ann', 'ben');
  await befriend(ctx.deps.db, 'ann', 'cy');
});
afterAll(() => ctx.close());

const buy = (who: string, eventId: string, holderIds: string[]) =>
  ctx.request('/api/user/orders/tickets', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookies[who], 'Idempotency-Key': `tier-key-${++keys}` },
    body: JSON.stringify({
      eventId,
      categoryId: `${eventId}-seat`,
      holderIds,
      addons: [],
      expectedTotal: 2000 * holderIds.length,
      currency: 'EUR',
    }),
  });

async function eventWithTier(id: string, tier: Record<string, unknown>, event: Record<string, unknown> = {}) {
  await insertSmallEvent(ctx.deps.db, id, 50);
  if (Object.keys(tier).length) await ctx.deps.db.updateTable('ticket_categories').set(tier).where('id', '=', `${id}-seat`).execute();
  if (Object.keys(event).length) await ctx.deps.db.updateTable('events').set(event).where('id', '=', id).execute();
}

const held = async (id: string) =>
  (await ctx.deps.db.selectFrom('ticket_categories').select('sold').where('id', '=', `${id}-seat`).executeTakeFirstOrThrow()).sold;

describe('the sales window', () => {
  it('a tier whose sales start next year does not sell yet', async () => {
    await eventWithTier('w-future', { sales_start: '2027-01-01T00:00:00.000Z' });
    const response = await buy('ann', 'w-future', ['ann']);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      code: 'tier_not_on_sale',
      detail: 'Tickets of Seat are on sale from 2027-01-01T00:00:00.000Z.',
    });
    expect(await held('w-future')).toBe(0);
  });

  it('a tier whose sales ended does not sell any more', async () => {
    await eventWithTier('w-past', { sales_end: '2026-06-01T00:00:00.000Z' });
    const response = await buy('ann', 'w-past', ['ann']);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'tier_not_on_sale', detail: 'Sales of Seat have ended.' });
  });

  it('a tier inside its window sells, and the public read shows the window', async () => {
    await eventWithTier('w-open', { sales_start: '2026-06-01T00:00:00.000Z', sales_end: '2026-06-20T00:00:00.000Z' });
    expect((await buy('ann', 'w-open', ['ann'])).status).toBe(201);
    const event: EventDetail = await (await ctx.request('/api/public/events/sid/evt-w-open')).json();
    expect(event.ticketCategories[0]).toMatchObject({ salesStart: '2026-06-01T00:00:00.000Z', salesEnd: '2026-06-20T00:00:00.000Z' });
  });
});

describe('hidden tiers and private events', () => {
  it('a hidden tier is neither offered nor sold, and is not told apart from one that does not exist', async () => {
    await eventWithTier('h-tier', { hidden: 1 });
    const event: EventDetail = await (await ctx.request('/api/public/events/sid/evt-h-tier')).json();
    expect(event.ticketCategories).toEqual([]);
    const response = await buy('ann', 'h-tier', ['ann']);
    expect(response.status).toBe(422);
    expect((await response.json()).code).toBe('unknown_category');
  });

  it('a private event does not sell to the public, and the answer does not name it', async () => {
    await eventWithTier('p-event', {}, { visibility: EVENT_VISIBILITY.PRIVATE });
    const response = await buy('ann', 'p-event', ['ann']);
    expect(response.status).toBe(404);
    expect(JSON.stringify(await response.json())).not.toContain('Small gig');
    expect(await held('p-event')).toBe(0);
  });
});

describe('limits per order and per buyer', () => {
  it('refuses more tickets in one order than the tier allows', async () => {
    await eventWithTier('l-order', { max_per_order: 2 });
    const response = await buy('ann', 'l-order', ['ann', 'ben', 'cy']);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: 'tier_limit', detail: 'At most 2 tickets of Seat per order.' });
    expect((await buy('ann', 'l-order', ['ann', 'ben'])).status).toBe(201);
  });

  it('counts what a buyer holds already, and gives it back when an order is cancelled', async () => {
    await eventWithTier('l-buyer', { max_per_buyer: 2 });
    const first = await buy('ann', 'l-buyer', ['ann', 'ben']);
    expect(first.status).toBe(201);
    const second = await buy('ann', 'l-buyer', ['cy']);
    expect(second.status).toBe(422);
    expect((await second.json()).code).toBe('tier_limit');
    expect(await held('l-buyer')).toBe(2);
    // another buyer has a limit of their own
    expect((await buy('ben', 'l-buyer', ['ben'])).status).toBe(201);
    const { order } = await first.json();
    const cancelled = await ctx.request(`/api/user/orders/${order.reference}/cancel`, { method: 'POST', headers: { Cookie: cookies.ann } });
    expect(cancelled.status).toBe(200);
    expect((await buy('ann', 'l-buyer', ['cy'])).status).toBe(201);
  });

  it('two checkouts of one buyer at once cannot both pass the limit', async () => {
    await eventWithTier('l-race', { max_per_buyer: 1 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => buy('cy', 'l-race', ['cy'])));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    expect(await held('l-race')).toBe(1);
  });
});
