import { describe, expect, it } from 'vitest';
// first: the app's OpenAPI zod extension must be in place before any shared schema is built
import { FIRM, OTHER_FIRM, useWorkspace, type Actor } from '../../testing/workspace-fixtures';
import { firmReviewsSchema, reviewSchema } from '../../../shared/reviews';
import { login } from '../../testing/marketplace-fixtures';

const w = useWorkspace();
let orders = 0;

async function call(actor: Actor, method: string, path: string, body?: unknown) {
  const response = await w.as(actor, path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers field by field; the schemas check them
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as any };
}

/** A new signed-in person; `paidAt` firm gets a paid order of theirs. */
async function customer(paidAt?: string, status = 'paid') {
  const person = await w.newPerson();
  if (paidAt) {
    orders += 1;
    await w.ctx.deps.db
      .insertInto('orders')
      .values({
        id: `ord-rev-${orders}`,
        reference: `SK-REV${orders}`,
        buyer_id: person.userId,
        firm_id: paidAt,
        kind: 'shop',
        event_id: null,
        status,
        currency: 'EUR',
        total_minor: 1000,
        hold_expires_at: null,
        idempotency_key: `idem-rev-${orders}`,
        request_hash: 'x',
        language: 'en',
        created_at: '2026-06-01T00:00:00.000Z',
        updated_at: '2026-06-01T00:00:00.000Z',
        paid_at: status === 'paid' ? '2026-06-01T00:00:00.000Z' : null,
      })
      .execute();
  }
  const cookie = await login(w.ctx, person.email);
  const as = async (method: string, path: string, body?: unknown) => {
    const response = await w.ctx.request(path, {
      method,
      headers: { Cookie: cookie, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as any };
  };
  return { ...person, as };
}

const firmRow = () =>
  w.ctx.deps.db.selectFrom('firms').select(['rating_count', 'rating_sum']).where('id', '=', OTHER_FIRM).executeTakeFirstOrThrow();

describe('reviews', () => {
  it('a customer with a paid order rates once, edits, and the average and count follow on the page and the cards', async () => {
    const ann = await customer(FIRM);
    const bob = await customer(FIRM);
    const before = await call('anonymous', 'GET', `/api/user/reviews?firmId=${FIRM}`);
    expect(firmReviewsSchema.parse(before.body)).toEqual(before.body);
    expect(before.body).toMatchObject({ count: 0, average: null, mine: null, mayReview: false });
    expect((await ann.as('GET', `/api/user/reviews?firmId=${FIRM}`)).body).toMatchObject({ mayReview: true, mayReply: false });

    const first = await ann.as('PUT', `/api/user/reviews?firmId=${FIRM}`, { rating: 5, text: '  Lovely croissants  ' });
    expect(first.status).toBe(201);
    expect(reviewSchema.parse(first.body)).toEqual(first.body);
    expect(first.body).toMatchObject({ rating: 5, text: 'Lovely croissants', reply: null });
    expect((await bob.as('PUT', `/api/user/reviews?firmId=${FIRM}`, { rating: 2 })).status).toBe(201);
    const edited = await ann.as('PUT', `/api/user/reviews?firmId=${FIRM}`, { rating: 4, text: 'Good, a bit slow' });
    expect(edited.status).toBe(200);
    expect(edited.body.id).toBe(first.body.id);

    const after = await ann.as('GET', `/api/user/reviews?firmId=${FIRM}`);
    expect(after.body).toMatchObject({ count: 2, average: 3, mine: { rating: 4, text: 'Good, a bit slow' } });
    expect(after.body.content).toHaveLength(2);
    // the public page and the cards (their cache emptied by the write)
    expect((await call('anonymous', 'GET', '/api/public/firms/u/CafeLumiere')).body).toMatchObject({ ratingAverage: 3, ratingCount: 2 });
    const cards = await call('anonymous', 'GET', '/api/public/firms?size=50');
    expect(cards.body.content.find((c: { id: string }) => c.id === FIRM)).toMatchObject({ ratingAverage: 3, ratingCount: 2 });
  });

  it('refuses people without a real relation, the firm’s own team, bad ratings and the signed out', async () => {
    const stranger = await customer();
    const unpaid = await customer(FIRM, 'pending_payment');
    const refused = await stranger.as('PUT', `/api/user/reviews?firmId=${FIRM}`, { rating: 5 });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('no_relation');
    expect((await unpaid.as('PUT', `/api/user/reviews?firmId=${FIRM}`, { rating: 5 })).status).toBe(403);
    expect((await call('owner', 'PUT', `/api/user/reviews?firmId=${FIRM}`, { rating: 5 })).body.code).toBe('own_firm');
    const ok = await customer(FIRM);
    for (const rating of [0, 6, 3.5, '5', null]) {
      expect((await ok.as('PUT', `/api/user/reviews?firmId=${FIRM}`, { rating })).status).toBe(400);
    }
    expect((await ok.as('PUT', `/api/user/reviews?firmId=${FIRM}`, { rating: 3, text: 'x'.repeat(2001) })).status).toBe(400);
    expect((await ok.as('PUT', '/api/user/reviews?firmId=nope', { rating: 3 })).status).toBe(404);
    expect((await call('anonymous', 'PUT', `/api/user/reviews?firmId=${FIRM}`, { rating: 3 })).status).toBe(401);
  });

  it('a ticket to one of the firm’s events is a relation too', async () => {
    const holder = await customer();
    const db = w.ctx.deps.db;
    // the fixture's event e1, of whichever firm holds it
    const event = await db.selectFrom('events').select(['id', 'firm_id']).where('id', '=', 'e1').executeTakeFirstOrThrow();
    orders += 1;
    await db
      .insertInto('orders')
      .values({
        id: `ord-rev-t${orders}`,
        reference: `SK-REVT${orders}`,
        buyer_id: w.userId('stranger'),
        firm_id: event.firm_id,
        kind: 'tickets',
        event_id: event.id,
        status: 'paid',
        currency: 'EUR',
        total_minor: 0,
        hold_expires_at: null,
        idempotency_key: `idem-rev-t${orders}`,
        request_hash: 'x',
        language: 'en',
        created_at: '2026-06-01T00:00:00.000Z',
        updated_at: '2026-06-01T00:00:00.000Z',
        paid_at: '2026-06-01T00:00:00.000Z',
      })
      .execute();
    const category = await db.selectFrom('ticket_categories').select('id').where('event_id', '=', event.id).executeTakeFirstOrThrow();
    await db
      .insertInto('tickets')
      .values({
        id: `tk-rev-${orders}`,
        order_id: `ord-rev-t${orders}`,
        event_id: event.id,
        category_id: category.id,
        holder_id: holder.userId,
        code: `code-rev-${orders}`,
        status: 'active',
        transferred_from: null,
        created_at: '2026-06-01T00:00:00.000Z',
        updated_at: '2026-06-01T00:00:00.000Z',
      })
      .execute();
    expect((await holder.as('PUT', `/api/user/reviews?firmId=${event.firm_id}`, { rating: 4 })).status).toBe(201);
  });

  it('keeps one review per pair and exact figures under concurrent writes', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => customer(OTHER_FIRM)));
    const start = await firmRow();
    // everyone writes at once, one of them five times with different ratings
    const eager = people[0];
    const answers = await Promise.all([
      ...people.slice(1).map((p) => p.as('PUT', `/api/user/reviews?firmId=${OTHER_FIRM}`, { rating: 3 })),
      ...[1, 2, 3, 4, 5].map((rating) => eager.as('PUT', `/api/user/reviews?firmId=${OTHER_FIRM}`, { rating })),
    ]);
    expect(answers.map((a) => a.status).every((s) => s === 200 || s === 201)).toBe(true);
    const all = await w.ctx.deps.db.selectFrom('reviews').select(['author_id', 'rating']).where('firm_id', '=', OTHER_FIRM).execute();
    const rows = all.filter((r) => people.some((p) => p.userId === r.author_id));
    expect(rows.filter((r) => r.author_id === eager.userId)).toHaveLength(1);
    expect(rows).toHaveLength(6);
    const end = await firmRow();
    expect(end.rating_count - start.rating_count).toBe(6);
    expect(end.rating_count).toBe(all.length);
    expect(end.rating_sum).toBe(all.reduce((sum, r) => sum + r.rating, 0));
  });

  it('tells the staff who may answer a new review (its owners and managers), not the rest of the team nor a removed member', async () => {
    await w.newPerson(FIRM, 'MANAGER', { active: 0 });
    await w.ctx.deps.db.deleteFrom('notifications').where('kind', '=', 'review.received').execute();
    const ann = await customer(FIRM);
    expect((await ann.as('PUT', `/api/user/reviews?firmId=${FIRM}`, { rating: 4, text: 'Fine' })).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const told = await w.ctx.deps.db.selectFrom('notifications').select('user_id').where('kind', '=', 'review.received').execute();
    expect(told.map((row) => row.user_id).sort()).toEqual([w.userId('manager'), w.userId('owner')].sort());
  });

  it('the firm replies once (owners and managers); the author is told; a review can be reported', async () => {
    const ann = await customer(FIRM);
    const { body: review } = await ann.as('PUT', `/api/user/reviews?firmId=${FIRM}`, { rating: 5, text: 'Great' });
    expect((await call('manager', 'GET', `/api/user/reviews?firmId=${FIRM}`)).body.mayReply).toBe(true);
    expect((await call('staff', 'GET', `/api/user/reviews?firmId=${FIRM}`)).body.mayReply).toBe(false);
    expect((await call('staff', 'PUT', `/api/dashboard/reviews/${review.id}/reply`, { text: 'Thanks' })).status).toBe(403);
    const replied = await call('manager', 'PUT', `/api/dashboard/reviews/${review.id}/reply`, { text: 'Thank you, see you soon!' });
    expect(replied.status).toBe(200);
    expect(replied.body.reply).toMatchObject({ text: 'Thank you, see you soon!' });
    expect((await call('owner', 'PUT', `/api/dashboard/reviews/${review.id}/reply`, { text: 'Again' })).status).toBe(409);
    expect((await call('owner', 'PUT', `/api/dashboard/reviews/${review.id}/reply`, { text: '   ' })).status).toBe(400);
    expect((await call('otherOwner', 'PUT', `/api/dashboard/reviews/${review.id}/reply`, { text: 'Hi' })).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const notes = await w.ctx.deps.db.selectFrom('notifications').select(['user_id', 'kind']).where('user_id', '=', ann.userId).execute();
    expect(notes).toEqual([{ user_id: ann.userId, kind: 'review.reply' }]);
    const report = await call('stranger', 'POST', '/api/user/reports', { targetType: 'review', targetId: review.id, reason: 'spam' });
    expect(report.status).toBe(201);
    expect(report.body.targetName).toMatch(/^New Person \d+ → Café Lumière$/);
    expect((await call('stranger', 'POST', '/api/user/reports', { targetType: 'review', targetId: 'nope', reason: 'spam' })).status).toBe(
      404,
    );
  });
});
