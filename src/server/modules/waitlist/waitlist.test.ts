import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useWorkspace } from '../../testing/workspace-fixtures';
import { insertSmallEvent } from '../../testing/order-fixtures';
import { readOutbox } from '../../testing/outbox';
import { waitlistFixtures, type Member } from './waitlist-fixtures';
import { createWaitlistOffers, OFFER_END_JOB, OFFER_NOTICE_JOB } from './offers';

/**
 * Waitlists of a sold-out tier: seats that come back are held for the first in line as an offer
 * (nobody else can buy them), told in the app and by mail; an offer that ends passes them to the
 * next; buying through the offer uses it; and no seat or member is offered twice, even when the
 * steps that free seats run at the same time.
 */
const w = useWorkspace();
const db = () => w.ctx.deps.db;
const offers = () => createWaitlistOffers(w.ctx.deps);

const { member, call, timeIsUp, runJobs } = waitlistFixtures(w);

const buy = (who: Member, eventId: string, quantity = 1) =>
  call(who, '/api/user/orders/tickets', {
    method: 'POST',
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    body: {
      eventId,
      categoryId: `${eventId}-seat`,
      holderIds: [who.userId].slice(0, quantity),
      addons: [],
      expectedTotal: 0,
      currency: 'EUR',
    },
  });
const join = (who: Member, eventId: string, quantity = 1) =>
  call(who, `/api/user/waitlist/tiers/${eventId}-seat`, { method: 'POST', body: { quantity } });

/** A free event of `capacity` seats, all bought by one buyer in one paid order. */
async function soldOutEvent(id: string, capacity = 1) {
  await insertSmallEvent(db(), id, capacity);
  await db().updateTable('ticket_categories').set({ price_minor: 0 }).where('id', '=', `${id}-seat`).execute();
  const buyer = await member();
  for (let i = 0; i < capacity; i++) expect((await buy(buyer, id)).status).toBe(201);
  const orders = await db().selectFrom('orders').select(['reference', 'status']).where('event_id', '=', id).execute();
  expect(orders.every((o) => o.status === 'paid')).toBe(true);
  return { buyer, references: orders.map((o) => o.reference) };
}

const refund = (reference: string) =>
  w.as('owner', `/api/dashboard/orders/${reference}/refunds`, {
    method: 'POST',
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ reason: 'Cannot come.', whole: true }),
  });

const entries = (eventId: string) =>
  db()
    .selectFrom('waitlist_entries')
    .select(['id', 'user_id', 'status', 'offered_until'])
    .where('event_id', '=', eventId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
const offeredTo = async (eventId: string) => (await entries(eventId)).filter((e) => e.status === 'offered').map((e) => e.user_id);
const sold = async (eventId: string) =>
  (await db().selectFrom('ticket_categories').select('sold').where('id', '=', `${eventId}-seat`).executeTakeFirstOrThrow()).sold;

// the clock of the fixtures stands still: members join one after the other by their row's time
async function joinInOrder(eventId: string, members: Member[]) {
  for (const [index, m] of members.entries()) {
    expect((await join(m, eventId)).status).toBe(201);
    const at = new Date(w.ctx.deps.clock().getTime() - 60_000 + index * 1000).toISOString();
    await db()
      .updateTable('waitlist_entries')
      .set({ created_at: at })
      .where('user_id', '=', m.userId)
      .where('event_id', '=', eventId)
      .execute();
  }
}

describe('a refund frees a seat of a sold-out tier', () => {
  it('holds it for the first in line, tells them, keeps others out, and passes it on when the offer ends', async () => {
    const { references } = await soldOutEvent('wl-flow');
    const [first, second, stranger] = [await member(), await member(), await member()];
    await joinInOrder('wl-flow', [first, second]);
    expect((await call(second, '/api/user/waitlist/events/wl-flow')).body.entries).toEqual([
      { categoryId: 'wl-flow-seat', quantity: 1, status: 'waiting', position: 2, offeredUntil: null },
    ]);
    const mailsBefore = readOutbox(w.ctx.dataDir).length;

    expect((await refund(references[0])).status).toBe(200);
    expect(await offeredTo('wl-flow')).toEqual([first.userId]);
    // the seat stays taken while the offer stands: nobody else buys it
    expect(await sold('wl-flow')).toBe(1);
    expect((await buy(stranger, 'wl-flow')).body.code).toBe('sold_out');
    expect((await buy(second, 'wl-flow')).body.code).toBe('sold_out');

    await runJobs();
    const notices = await db().selectFrom('notifications').select(['kind', 'link']).where('user_id', '=', first.userId).execute();
    expect(notices).toEqual([{ kind: 'waitlist.offer', link: '/event/evt-wl-flow?tier=wl-flow-seat' }]);
    // the buyer hears of the refund; the first in line of the seats held for them
    const mails = readOutbox(w.ctx.dataDir)
      .slice(mailsBefore)
      .filter((m) => m.subject === 'Tickets held for you');
    expect(mails.map((m) => m.to)).toEqual([first.email]);
    expect(mails[0].text).toContain('Seat for Small gig wl-flow');
    const mine = (await call(first, '/api/user/waitlist/events/wl-flow')).body.entries[0];
    // held for the event's offer time (two hours unless the firm sets another)
    expect(mine).toMatchObject({
      status: 'offered',
      position: null,
      offeredUntil: new Date(w.ctx.deps.clock().getTime() + 120 * 60_000).toISOString(),
    });

    // the first one does not come: the seat passes to the second, who buys it through the offer
    const [offer] = await entries('wl-flow');
    await timeIsUp(offer.id);
    await runJobs();
    expect(await offeredTo('wl-flow')).toEqual([second.userId]);
    expect((await entries('wl-flow')).map((e) => e.user_id)).toEqual([second.userId]);
    expect((await buy(first, 'wl-flow')).body.code).toBe('sold_out');
    expect((await buy(second, 'wl-flow')).status).toBe(201);
    expect(await entries('wl-flow')).toEqual([]);
    expect(await sold('wl-flow')).toBe(1);
    // the end job of the used offer finds nothing to end
    await runJobs();
    expect(await sold('wl-flow')).toBe(1);
  });

  it('gives the seat back to open sale when nobody is left in line', async () => {
    const { references } = await soldOutEvent('wl-empty');
    const only = await member();
    await joinInOrder('wl-empty', [only]);
    await refund(references[0]);
    const [offer] = await entries('wl-empty');
    await timeIsUp(offer.id);
    await runJobs();
    expect(await entries('wl-empty')).toEqual([]);
    expect(await sold('wl-empty')).toBe(0);
    expect((await buy(await member(), 'wl-empty')).status).toBe(201);
  });

  it('offers a seat freed by a pending order whose hold ended', async () => {
    await insertSmallEvent(db(), 'wl-hold', 1);
    const buyer = await member();
    const waiting = await member();
    const pending = await call(buyer, '/api/user/orders/tickets', {
      method: 'POST',
      headers: { 'Idempotency-Key': crypto.randomUUID() },
      body: { eventId: 'wl-hold', categoryId: 'wl-hold-seat', holderIds: [buyer.userId], addons: [], expectedTotal: 2000, currency: 'EUR' },
    });
    expect(pending.status).toBe(201);
    await joinInOrder('wl-hold', [waiting]);
    await db().updateTable('orders').set({ hold_expires_at: '2026-01-01T00:00:00.000Z' }).where('event_id', '=', 'wl-hold').execute();
    // reading the buyer's orders ends their holds that are due
    await call(buyer, '/api/user/orders');
    expect(await offeredTo('wl-hold')).toEqual([waiting.userId]);
    expect(await sold('wl-hold')).toBe(1);
  });
});

describe('the owner raises the capacity of a sold-out tier', () => {
  it('offers the new seats to the people waiting, in order, as far as they go', async () => {
    await soldOutEvent('wl-raise');
    const [first, second, third] = [await member(), await member(), await member()];
    await joinInOrder('wl-raise', [first, second, third]);
    const saved = await w.as('manager', '/api/dashboard/events', {
      method: 'PUT',
      body: JSON.stringify({
        id: 'wl-raise',
        name: 'Small gig wl-raise',
        description: 'A small gig.',
        typeKey: 'concert',
        startDateTime: '2026-06-30T19:00:00.000Z',
        capacity: 3,
        currency: 'EUR',
        ticketCategories: [{ id: 'wl-raise-seat', name: 'Seat', price: 0, capacity: 3 }],
        addons: [],
      }),
    });
    expect(saved.status, await saved.text()).toBe(200);
    expect(await offeredTo('wl-raise')).toEqual([first.userId, second.userId]);
    expect(await sold('wl-raise')).toBe(3);
  });
});

describe('no seat offered twice', () => {
  it('two ends of the same offer at once pass its seat on once', async () => {
    const { references } = await soldOutEvent('wl-twice');
    const [first, second, third] = [await member(), await member(), await member()];
    await joinInOrder('wl-twice', [first, second, third]);
    await refund(references[0]);
    const [offer] = await entries('wl-twice');
    await timeIsUp(offer.id);
    const ended = await Promise.all(
      [1, 2].map(() =>
        db()
          .transaction()
          .execute((trx) => offers().endOffer(trx, offer.id, true)),
      ),
    );
    expect(ended.filter(Boolean)).toHaveLength(1);
    expect(await offeredTo('wl-twice')).toEqual([second.userId]);
    expect(await sold('wl-twice')).toBe(1);
    const notices = await db()
      .selectFrom('jobs')
      .select('key')
      .where('kind', '=', OFFER_NOTICE_JOB)
      .where('tag', '=', second.userId)
      .execute();
    expect(notices).toHaveLength(1);
  });

  it('two steps offering the same freed seat at once offer it to one member', async () => {
    const { references } = await soldOutEvent('wl-race', 2);
    const [first, second] = [await member(), await member()];
    await joinInOrder('wl-race', [first, second]);
    // a seat comes back outside any offering step (as if the step that freed it had crashed after its commit)
    await db().updateTable('ticket_categories').set({ sold: 1 }).where('id', '=', 'wl-race-seat').execute();
    await db().updateTable('events').set({ sold: 1 }).where('id', '=', 'wl-race').execute();
    await Promise.all(
      [1, 2].map(() =>
        db()
          .transaction()
          .execute((trx) => offers().offerFreeSeats(trx, ['wl-race-seat'])),
      ),
    );
    expect(await offeredTo('wl-race')).toEqual([first.userId]);
    expect(await sold('wl-race')).toBe(2);
    const [offer] = (await entries('wl-race')).filter((e) => e.status === 'offered');
    const ends = await db()
      .selectFrom('jobs')
      .select('key')
      .where('kind', '=', OFFER_END_JOB)
      .where('key', '=', `waitlist-offer-end:${offer.id}`)
      .execute();
    expect(ends).toHaveLength(1);
    // and the order refunded later gives its seat to the second in line
    expect((await refund(references[0])).status).toBe(200);
    expect(await offeredTo('wl-race')).toEqual([first.userId, second.userId]);
  });
});

describe('joining and leaving', () => {
  it('joins only a sold-out tier, once; leaves again; an offer left passes to the next', async () => {
    await insertSmallEvent(db(), 'wl-open', 5);
    const early = await member();
    expect((await join(early, 'wl-open')).body.code).toBe('places_left');

    const { references } = await soldOutEvent('wl-leave');
    const [first, second] = [await member(), await member()];
    await joinInOrder('wl-leave', [first, second]);
    expect((await join(first, 'wl-leave')).body.code).toBe('already_waiting');
    expect((await join(first, 'wl-leave', 11)).status).toBe(400);
    expect((await call(first, '/api/user/waitlist/tiers/wl-leave-seat', { method: 'DELETE' })).status).toBe(204);
    expect((await entries('wl-leave')).map((e) => e.user_id)).toEqual([second.userId]);
    expect((await call(second, '/api/user/waitlist/events/wl-leave')).body.entries[0].position).toBe(1);

    await refund(references[0]);
    expect(await offeredTo('wl-leave')).toEqual([second.userId]);
    // back in line at its end, then the offer holder leaves: the seat goes to them at once
    expect((await join(first, 'wl-leave')).status).toBe(201);
    expect((await call(second, '/api/user/waitlist/tiers/wl-leave-seat', { method: 'DELETE' })).status).toBe(204);
    expect(await offeredTo('wl-leave')).toEqual([first.userId]);
    expect(await sold('wl-leave')).toBe(1);
  });

  it('shows the team how many wait per tier, and lets editors set the offer time', async () => {
    await soldOutEvent('wl-firm');
    await joinInOrder('wl-firm', [await member(), await member()]);
    const view = await (await w.as('staff', '/api/dashboard/waitlists/wl-firm')).json();
    expect(view).toEqual({
      offerMinutes: 120,
      lines: [{ lineId: 'wl-firm-seat', name: 'Seat', waiting: 2, waitingUnits: 2, offered: 0 }],
    });
    const set = await w.as('manager', '/api/dashboard/waitlists/wl-firm', { method: 'PUT', body: JSON.stringify({ offerMinutes: 30 }) });
    expect((await set.json()).offerMinutes).toBe(30);
  });
});
