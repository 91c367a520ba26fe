import { describe, expect, it } from 'vitest';
import { FIRM, OTHER_FIRM, useWorkspace } from '../../testing/workspace-fixtures';
import { insertShopOrder, signedIn } from '../../testing/order-fixtures';

const w = useWorkspace();
const db = () => w.ctx.deps.db;
type Actor = 'owner' | 'manager' | 'staff' | 'otherOwner';

async function send(actor: Actor, method: string, path: string, body?: unknown) {
  const response = await w.as(actor, path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, text, body: text ? JSON.parse(text) : null };
}

async function buyer() {
  const person = await w.newPerson();
  return { ...person, cookie: await signedIn(w.ctx, person.userId) };
}

const notificationsOf = (userId: string) => db().selectFrom('notifications').select(['kind']).where('user_id', '=', userId).execute();

describe('the orders a firm receives', () => {
  it('lists the firm’s orders newest first, filters by status, finds a reference, and names buyers without their email', async () => {
    const ann = await buyer();
    const older = await insertShopOrder(db(), FIRM, ann.userId, { created_at: '2026-06-02T09:00:00.000Z' });
    const newer = await insertShopOrder(db(), FIRM, ann.userId, { created_at: '2026-06-03T09:00:00.000Z' });
    const cancelled = await insertShopOrder(db(), FIRM, ann.userId, { created_at: '2026-06-04T09:00:00.000Z', status: 'cancelled' });
    const elsewhere = await insertShopOrder(db(), OTHER_FIRM, ann.userId, { created_at: '2026-06-05T09:00:00.000Z' });

    const all = await send('staff', 'GET', `/api/dashboard/orders?firmId=${FIRM}&size=50`);
    expect(all.status).toBe(200);
    const references = (all.body.content as { reference: string }[]).map((o) => o.reference);
    expect(references).not.toContain(elsewhere);
    expect(references.indexOf(cancelled)).toBeLessThan(references.indexOf(newer));
    expect(references.indexOf(newer)).toBeLessThan(references.indexOf(older));
    expect(all.text).not.toContain('@');
    expect(all.body.content.find((o: { reference: string }) => o.reference === newer)).toMatchObject({
      kind: 'shop',
      status: 'paid',
      fulfilment: null,
      title: 'Olive oil 1 l',
      buyerName: expect.stringMatching(/^New Person \d+$/),
      totalMinor: 3600,
      itemCount: 2,
    });

    const paid = await send('owner', 'GET', `/api/dashboard/orders?firmId=${FIRM}&status=cancelled`);
    expect((paid.body.content as { status: string }[]).every((o) => o.status === 'cancelled')).toBe(true);
    expect((paid.body.content as { reference: string }[]).map((o) => o.reference)).toContain(cancelled);

    const found = await send('owner', 'GET', `/api/dashboard/orders?firmId=${FIRM}&q=${newer.slice(3, 7).toLowerCase()}`);
    expect((found.body.content as { reference: string }[]).map((o) => o.reference)).toContain(newer);
    expect(found.body.content.length).toBeLessThan(all.body.content.length);
    expect((await send('owner', 'GET', `/api/dashboard/orders?firmId=${FIRM}&status=shipped`)).status).toBe(400);

    // another firm's owner: refused the list, and f1's order does not exist for them
    expect((await send('otherOwner', 'GET', `/api/dashboard/orders?firmId=${FIRM}`)).status).toBe(403);
    expect((await send('otherOwner', 'GET', `/api/dashboard/orders/${newer}`)).status).toBe(404);
    const theirs = await send('otherOwner', 'GET', `/api/dashboard/orders?firmId=${OTHER_FIRM}`);
    expect((theirs.body.content as { reference: string }[]).map((o) => o.reference)).toEqual([elsewhere]);

    const detail = await send('manager', 'GET', `/api/dashboard/orders/${newer}`);
    expect(detail.status).toBe(200);
    expect(detail.text).not.toContain('@');
    expect(detail.body).toMatchObject({
      reference: newer,
      lines: [{ kind: 'product', label: 'Olive oil 1 l', qty: 2, unitPrice: 1800 }],
      nextStep: 'ready',
      readyAt: null,
    });
    expect(typeof detail.body.timezone).toBe('string');
  });

  it('pages by cursor: every order once, newest first, while orders are taken meanwhile', async () => {
    const ann = await buyer();
    // orders taken at the same moment (the id orders them), and some earlier ones
    for (let i = 0; i < 6; i += 1) await insertShopOrder(db(), FIRM, ann.userId, { created_at: '2026-07-01T10:00:00.000Z' });
    for (let i = 0; i < 9; i += 1) await insertShopOrder(db(), FIRM, ann.userId, { created_at: `2026-06-2${i}T10:00:00.000Z` });
    const before = await db()
      .selectFrom('orders')
      .select(['id', 'created_at'])
      .where('firm_id', '=', FIRM)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();

    const walked: { id: string; createdAt: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await send('owner', 'GET', `/api/dashboard/orders?firmId=${FIRM}&size=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.content.length).toBeLessThanOrEqual(4);
      walked.push(...(page.body.content as { id: string; createdAt: string }[]));
      cursor = page.body.nextCursor as string | null;
      pages += 1;
      // meanwhile: a new order comes in (at the top, before the cursor), and one at the very moment of the tied ones
      await insertShopOrder(db(), FIRM, ann.userId, { created_at: new Date(Date.UTC(2026, 7, 1) + pages * 1000).toISOString() });
      await insertShopOrder(db(), FIRM, ann.userId, { created_at: '2026-07-01T10:00:00.000Z' });
    } while (cursor);

    const ids = walked.map((order) => order.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const order of before) expect(ids).toContain(order.id);
    const keys = walked.map((order) => `${order.createdAt} ${order.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(pages).toBeGreaterThan(4);
  });

  it('refuses a cursor it did not give with 400, in the problem format', async () => {
    const first = await send('owner', 'GET', `/api/dashboard/orders?firmId=${FIRM}&size=1`);
    const cursor = first.body.nextCursor as string;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const reshaped = Buffer.from(JSON.stringify(['yesterday', 'x'])).toString('base64url');
    const injected = Buffer.from(JSON.stringify(["2026-06-01T00:00:00.000Z' or 1=1 --", 'x'])).toString('base64url');
    for (const tampered of [`${cursor.slice(0, -3)}***`, cursor.slice(2), reshaped, injected, 'e30', 'x'.repeat(300)]) {
      const response = await w.as('owner', `/api/dashboard/orders?firmId=${FIRM}&cursor=${encodeURIComponent(tampered)}`);
      expect(response.status, tampered).toBe(400);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      const problem = (await response.json()) as { status: number; errors?: Record<string, unknown> };
      expect(problem.status).toBe(400);
      expect(Object.keys(problem.errors ?? {})).toEqual(['cursor']);
    }
  });

  it('staff make a paid shop order ready, then hand it over; the buyer is told and sees it; no step twice or out of order', async () => {
    const ann = await buyer();
    const reference = await insertShopOrder(db(), FIRM, ann.userId);

    const early = await send('staff', 'POST', `/api/dashboard/orders/${reference}/fulfilment`, { step: 'collected' });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('fulfilment_step_refused');

    const ready = await send('staff', 'POST', `/api/dashboard/orders/${reference}/fulfilment`, { step: 'ready' });
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ fulfilment: 'ready', nextStep: 'collected' });
    expect(ready.body.readyAt).toBe(w.ctx.deps.clock().toISOString());
    expect((await notificationsOf(ann.userId)).map((n) => n.kind)).toEqual(['order.ready']);

    const mine = await w.ctx.app.request(`/api/user/orders/${reference}`, { headers: { cookie: ann.cookie } });
    expect(((await mine.json()) as { fulfilment: string }).fulfilment).toBe('ready');

    expect((await send('staff', 'POST', `/api/dashboard/orders/${reference}/fulfilment`, { step: 'ready' })).status).toBe(409);
    const collected = await send('owner', 'POST', `/api/dashboard/orders/${reference}/fulfilment`, { step: 'collected' });
    expect(collected.body).toMatchObject({ fulfilment: 'collected', nextStep: null });
    expect((await notificationsOf(ann.userId)).map((n) => n.kind).sort()).toEqual(['order.collected', 'order.ready']);
    expect((await send('otherOwner', 'POST', `/api/dashboard/orders/${reference}/fulfilment`, { step: 'collected' })).status).toBe(404);
    expect((await send('owner', 'POST', `/api/dashboard/orders/${reference}/fulfilment`, { step: 'handed' })).status).toBe(400);
  });

  it('an unpaid order has no step; the same step sent twice at once moves the order once and tells the buyer once', async () => {
    const ann = await buyer();
    const pending = await insertShopOrder(db(), FIRM, ann.userId, { status: 'pending_payment' });
    const refused = await send('owner', 'POST', `/api/dashboard/orders/${pending}/fulfilment`, { step: 'ready' });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/paid/);

    const reference = await insertShopOrder(db(), FIRM, ann.userId);
    const answers = await Promise.all([
      send('owner', 'POST', `/api/dashboard/orders/${reference}/fulfilment`, { step: 'ready' }),
      send('staff', 'POST', `/api/dashboard/orders/${reference}/fulfilment`, { step: 'ready' }),
      send('manager', 'POST', `/api/dashboard/orders/${reference}/fulfilment`, { step: 'ready' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect((await notificationsOf(ann.userId)).filter((n) => n.kind === 'order.ready')).toHaveLength(1);
  });
});
