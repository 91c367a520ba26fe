import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { FIXTURE_NOW, insertMarketplace } from '../../testing/marketplace-fixtures';
import { insertMember, insertSmallEvent, signedIn } from '../../testing/order-fixtures';
import { readOutbox } from '../../testing/outbox';
import { jobsOf } from '../../lib/jobs';
import type { PromoCodeInput } from '../../../shared/promotions';
import { offerToNewFollowers } from './follower-offers';
import { promoInput } from './promo-fixtures';
import { createPromotionService } from './promotions.service';

/**
 * Offers for followers: each approved follower is told once (in the app; by mail only with their
 * consent to the firm's marketing mail), from the offer's start, however often the jobs run; a
 * follower who arrives while it runs is told too; at checkout only followers may use the code, a
 * refusal in the buyer's language for the others. SQLite, and PostgreSQL with DATABASE_URL.
 */
let ctx: TestContext;
let nowMs = FIXTURE_NOW.getTime();
const cookies: Record<string, string> = {};
let keyCounter = 0;
const HOUR = 3_600_000;

beforeAll(async () => {
  ctx = await createTestContext({ clock: () => new Date(nowMs) });
  const { db } = ctx.deps;
  await insertMarketplace(db);
  await insertSmallEvent(db, 'fans', 100);
  await insertMember(db, 'fanfr', { language: 'fr' });
  await insertMember(db, 'quiet');
  await insertMember(db, 'stranger');
  await insertMember(db, 'newcomer', { language: 'ar' });
  for (const id of ['fanfr', 'quiet', 'stranger', 'newcomer']) cookies[id] = await signedIn(ctx, id);
  const since = FIXTURE_NOW.toISOString();
  await db
    .insertInto('follows')
    .values([
      { user_id: 'fanfr', firm_id: 'f1', created_at: since, marketing_opt_in: 1 },
      { user_id: 'quiet', firm_id: 'f1', created_at: since, marketing_opt_in: 0 },
    ])
    .execute();
});
afterAll(() => ctx.close());

const newCode = (input: Partial<PromoCodeInput> & { code: string }) =>
  createPromotionService(ctx.deps).create('f1', 'owner', promoInput({ value: 15, forFollowers: true, ...input }));
async function runJobs() {
  const jobs = jobsOf(ctx.deps);
  while ((await jobs.runDue(50)) > 0) await jobs.settled();
  await jobs.settled();
}
const offersTo = (userId: string) =>
  ctx.deps.db
    .selectFrom('notifications')
    .select(['kind', 'params', 'link'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'firm.offer')
    .execute();
const sentTo = async (codeId: string) => (await createPromotionService(ctx.deps).list('f1', codeId))[0].sentTo;
const api = (who: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  ctx.request(path, {
    method,
    headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), Cookie: cookies[who], ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const buy = (who: string, promoCode: string, expectedTotal: number, headers: Record<string, string> = {}) =>
  api(
    who,
    'POST',
    '/api/user/orders/tickets',
    { eventId: 'fans', categoryId: 'fans-seat', holderIds: [who], addons: [], expectedTotal, currency: 'EUR', promoCode },
    { 'Idempotency-Key': `offer-key-${++keyCounter}`, ...headers },
  );

describe('an offer for followers', () => {
  it('is told once to each follower, by mail only with their consent, however often its jobs run', async () => {
    const mailsBefore = readOutbox(ctx.dataDir).length;
    const code = await newCode({ code: 'FANS15' });
    expect(code.forFollowers).toBe(true);
    await runJobs();
    // a second fan-out (a retry, a follow meanwhile) finds nobody new
    await offerToNewFollowers(ctx.deps, 'f1');
    await runJobs();

    for (const id of ['fanfr', 'quiet']) {
      expect(await offersTo(id)).toEqual([
        {
          kind: 'firm.offer',
          params: JSON.stringify({ firmName: 'Café Lumière', firmUsername: 'CafeLumiere', code: 'FANS15', offer: '15 %' }),
          link: '/CafeLumiere',
        },
      ]);
    }
    expect(await offersTo('stranger')).toEqual([]);
    expect(await sentTo(code.id)).toBe(2);
    const mails = readOutbox(ctx.dataDir).slice(mailsBefore);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([['fanfr@example.com', 'Une offre de Café Lumière pour ses abonnés']]);
    expect(mails[0].text).toContain('15 % de réduction avec le code FANS15');
  });

  it('reaches a member who follows while it runs, and waits for its start', async () => {
    const later = await newCode({ code: 'SOON', kind: 'amount', value: 500, startsAt: new Date(nowMs + 2 * HOUR).toISOString() });
    expect((await api('newcomer', 'PUT', '/api/user/follows/f1')).status).toBe(200);
    await runJobs();
    // FANS15 runs already: the newcomer hears of it; SOON has not begun
    expect((await offersTo('newcomer')).map((n) => JSON.parse(n.params).code)).toEqual(['FANS15']);
    expect(await sentTo(later.id)).toBe(0);

    nowMs += 3 * HOUR;
    // the access tokens of three hours ago have run out
    for (const id of Object.keys(cookies)) cookies[id] = await signedIn(ctx, id);
    await runJobs();
    const soon = (await offersTo('newcomer')).map((n) => JSON.parse(n.params)).find((p) => p.code === 'SOON');
    // an amount is written in the follower's language
    expect(soon.offer).toContain('5.00');
    expect(await sentTo(later.id)).toBe(3);
  });

  it('is refused at checkout to whoever does not follow, in their language; a follower gets it', async () => {
    const refused = await buy('stranger', 'fans15', 1700, { 'Accept-Language': 'fr' });
    expect(refused.status).toBe(403);
    const problem = await refused.json();
    expect(problem.code).toBe('promo_followers_only');
    expect(problem.detail).toBe(
      'Ce code est une offre réservée aux abonnés de ce commerce. Suivez-le pour l’utiliser (s’il accepte ses abonnés, une fois accepté).',
    );
    const check = await api('stranger', 'POST', '/api/user/promo-codes/check', { firmId: 'f1', code: 'FANS15' });
    expect([check.status, (await check.json()).code]).toEqual([403, 'promo_followers_only']);

    const bought = await buy('quiet', 'fans15', 1700);
    expect(bought.status).toBe(201);
    // once they stop following, it is not theirs any more
    await api('quiet', 'DELETE', '/api/user/follows/f1');
    expect((await buy('quiet', 'fans15', 1700)).status).toBe(403);
  });
});
