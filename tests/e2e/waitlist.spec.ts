import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { APIRequestContext, Page } from '@playwright/test';
import type { AuthResponse } from '../../src/shared/user';
import type { CheckoutAnswer } from '../../src/shared/orders';
import { expect, memberContext, test, uniqueTag, type OwnedFirm } from './support/fixtures';
import { openWorkspace } from './support/workspace';

/**
 * A sold-out tier's waitlist: two members join, the owner refunds the only ticket, the first in
 * line is offered the seat (a notification) and lets the offer run out, then the second is
 * offered it and buys it through the offer's link.
 *
 * An offer holds its seat for two hours on the server's real clock: the spec moves the offer's end
 * and its durable job's due time to now in the server's SQLite database, as the passing of time
 * would, and the server's own job poll passes the seat on.
 */
const origin = () => ({ Origin: test.info().project.use.baseURL! });

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** A published free event a week ahead whose one tier has a single seat. */
async function oneSeatEvent(request: APIRequestContext, firm: OwnedFirm) {
  const draft = await ok<{ id: string; shortId: string }>(
    await request.post(`/api/dashboard/events/create?firmId=${firm.id}`, { headers: origin() }),
  );
  await ok(
    await request.put('/api/dashboard/events', {
      headers: origin(),
      data: {
        id: draft.id,
        name: `Rooftop set ${uniqueTag()}`,
        description: 'One seat only, on the roof.',
        typeKey: 'concert',
        startDateTime: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        venue: '12 Rue des Artisans',
        capacity: 1,
        currency: 'EUR',
        ticketCategories: [{ name: 'Roof seat', price: 0, capacity: 1 }],
      },
    }),
  );
  await ok(await request.patch(`/api/dashboard/events/${draft.id}/status`, { headers: origin(), data: { statusCode: 1 } }));
  const published = await ok<{ ticketCategories: { id: string }[] }>(await request.get(`/api/public/events/sid/${draft.shortId}`));
  return { ...draft, categoryId: published.ticketCategories[0].id };
}

/** Ends the member's standing offer now, as the clock reaching its end would: the server's job poll then moves on. */
function offerEndsNow(email: string): number {
  const db = new SQLite(path.join(process.env.SOUK_E2E_DATA_DIR!, 'souk.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const now = new Date().toISOString();
    const entry = db
      .prepare(`select w.id from waitlist_entries w join users u on u.id = w.user_id where u.email = ? and w.status = 'offered'`)
      .get(email) as { id: string } | undefined;
    if (!entry) return 0;
    db.prepare('update waitlist_entries set offered_until = ? where id = ?').run(now, entry.id);
    return db.prepare('update jobs set run_at = ? where key = ?').run(now, `waitlist-offer-end:${entry.id}`).changes;
  } finally {
    db.close();
  }
}

/** The member's offer notification, opened from their inbox: the event's purchase form with the held seat. */
async function openOffer(page: Page) {
  await page.goto('/profile/notifications');
  const notice = page.getByTestId('notification').filter({ hasText: 'Tickets held for you' });
  await expect(notice).toHaveCount(1, { timeout: 20_000 });
  // the notification's own link (followed as a visit, whether or not the inbox has hydrated yet)
  await page.goto((await notice.getAttribute('href'))!);
  await expect(page.getByTestId('waitlist-offer')).toBeVisible({ timeout: 20_000 });
}

test('a refund frees a seat: the first in line is offered it, lets it run out, and the second buys it', async ({ browser, page, firm }) => {
  test.setTimeout(90_000);
  const event = await oneSeatEvent(page.request, firm);

  const buyer = await memberContext(browser, 'Buyer');
  const me = (await ok<AuthResponse>(await buyer.context.request.get('/api/iam/auth/check-session'))).user!;
  const bought = await ok<CheckoutAnswer>(
    await buyer.context.request.post('/api/user/orders/tickets', {
      headers: { ...origin(), 'Idempotency-Key': `wl-${uniqueTag()}` },
      data: { eventId: event.id, categoryId: event.categoryId, holderIds: [me.id], addons: [], expectedTotal: 0, currency: 'EUR' },
    }),
  );
  await buyer.context.close();

  // the first joins from the sold-out tier's button, the second through the API a moment later
  const first = await memberContext(browser, 'Amal');
  await first.page.goto(`/event/${event.shortId}`);
  await expect(async () => {
    await first.page.getByRole('button', { name: 'Sold out · Join the waitlist' }).click();
    await expect(first.page.getByTestId('waitlist-panel')).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 20_000 });
  await first.page.getByLabel('How many tickets').fill('1');
  await first.page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(first.page.getByTestId('waitlist-place')).toContainText('You are number 1 in line for 1 ticket');
  const second = await memberContext(browser, 'Badr');
  await ok(await second.context.request.post(`/api/user/waitlist/tiers/${event.categoryId}`, { headers: origin(), data: { quantity: 1 } }));

  // the owner sees two people waiting on the event's page
  await openWorkspace(page, `/workspace/events/${event.shortId}`, firm.name, page.getByTestId('waitlists'));
  await expect(page.getByTestId('waitlist-line')).toContainText('Roof seat');
  await expect(page.getByTestId('waitlist-line').getByRole('cell').first()).toHaveText('2');

  await ok(
    await page.request.post(`/api/dashboard/orders/${bought.order.reference}/refunds`, {
      headers: { ...origin(), 'Idempotency-Key': `wl-refund-${uniqueTag()}` },
      data: { reason: 'The buyer cannot come.', whole: true },
    }),
  );

  // the first in line is offered the seat; the second is not, and cannot buy it meanwhile
  await openOffer(first.page);
  await expect(first.page.getByTestId('waitlist-offer')).toContainText('1 place from the waitlist is held for you until');
  const meanwhile = await second.context.request.post('/api/user/orders/tickets', {
    headers: { ...origin(), 'Idempotency-Key': `wl-${uniqueTag()}` },
    data: {
      eventId: event.id,
      categoryId: event.categoryId,
      holderIds: [(await ok<AuthResponse>(await second.context.request.get('/api/iam/auth/check-session'))).user!.id],
      addons: [],
      expectedTotal: 0,
      currency: 'EUR',
    },
  });
  expect(meanwhile.status()).toBe(409);

  // the first lets the offer run out: the seat passes to the second, who buys it through the offer
  expect(offerEndsNow(first.member.email)).toBe(1);
  await openOffer(second.page);
  await second.page.getByRole('button', { name: 'Proceed' }).click();
  await second.page.waitForURL(/\/profile\/orders\//);
  await first.context.close();
  await second.context.close();
});
