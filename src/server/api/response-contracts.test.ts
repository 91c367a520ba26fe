import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestContext, type TestContext } from '../testing/test-app';
import { FIXTURE_NOW, insertMarketplace, insertPerson, login } from '../testing/marketplace-fixtures';
import { firmDetailSchema, firmPageSchema, followStateSchema } from '../../shared/firms';
import { eventDetailSchema, eventPageSchema } from '../../shared/events';
import { blogPageSchema, blogPostSchema } from '../../shared/blog';
import { menuItemDetailSchema, menusSchema } from '../../shared/menus';
import { productPageSchema } from '../../shared/products';
import { exploreEventsSchema, exploreIndustrySchema, industriesSchema } from '../../shared/explore';
import { featuredItemsSchema } from '../../shared/featured';
import { savedCheckSchema, savedItemSchema, savedPageSchema } from '../../shared/saved';
import { personPageSchema, publicProfileSchema } from '../../shared/people';
import { googleConfigSchema, sessionListSchema } from '../../shared/auth';
import { featureFlagsSchema } from '../../shared/iam-answers';
import { authResponseSchema } from '../../shared/user';
import { healthSchema } from '../../shared/health';

/**
 * The browser types the answers of these reads with the shared schemas but does not parse them
 * (src/client/lib/api-client.ts): this is where they are held to those schemas, so a field the
 * server renames, adds or drops fails here instead of on a phone.
 */
let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestContext({ clock: () => FIXTURE_NOW });
  await insertMarketplace(ctx.deps.db);
  await insertPerson(ctx.deps.db, 'carol');
  await insertPerson(ctx.deps.db, 'dave');
  await ctx.deps.db
    .insertInto('friendships')
    .values({ id: 'fr-cd', requester_id: 'carol', addressee_id: 'dave', status: 'accepted', created_at: '2026-02-01T00:00:00.000Z' })
    .execute();
  cookie = await login(ctx, 'carol@example.com');
});
afterAll(() => ctx.close());

async function answer(path: string, init: RequestInit = {}, signedIn = false): Promise<unknown> {
  const headers = { 'Content-Type': 'application/json', ...(signedIn ? { Cookie: cookie } : {}) };
  const response = await ctx.request(path, { ...init, headers });
  expect(response.status, path).toBeLessThan(300);
  return response.json();
}

/** Parsed data must equal the answer: zod drops unknown keys, so an extra field fails like a missing one. */
function expectMatches(schema: z.ZodType, body: unknown) {
  const result = schema.safeParse(body);
  expect(result.error?.issues ?? []).toEqual([]);
  expect(result.data).toEqual(body);
}

describe('public reads match the shared response schemas', () => {
  const reads: Array<[string, z.ZodType, string, RequestInit?]> = [
    ['firm by username', firmDetailSchema, '/api/public/firms/u/cafelumiere'],
    ['firms list', firmPageSchema, '/api/public/firms?size=5'],
    ['events list', eventPageSchema, '/api/public/events?page=0&size=5', { method: 'POST', body: '{}' }],
    ['event by short id', eventDetailSchema, '/api/public/events/sid/evte1xx'],
    ['blog list', blogPageSchema, '/api/public/blog-posts?size=5'],
    ['blog post by short id', blogPostSchema, '/api/public/blog-posts/sid/blogb1xx'],
    ['menus', menusSchema, '/api/public/menu?firmId=f1'],
    ['menu item', menuItemDetailSchema, '/api/public/menu/items/i1'],
    ['products', productPageSchema, '/api/public/products?firmId=f3'],
    ['industries', industriesSchema, '/api/user/explore/industries'],
    ['explore events', exploreEventsSchema, '/api/user/explore/events'],
    ['explore an industry', exploreIndustrySchema, '/api/user/explore/foodandbeverage'],
    ['featured', featuredItemsSchema, '/api/user/explore/featured-showrooms'],
    ['health', healthSchema, '/api/health'],
    ['feature flags', featureFlagsSchema, '/api/iam/features'],
    ['no session', authResponseSchema, '/api/iam/auth/check-session'],
    ['Google sign-in config', googleConfigSchema, '/api/iam/google/config'],
  ];
  it.each(reads)('%s', async (_name, schema, path, init) => {
    expectMatches(schema, await answer(path, init));
  });
});

describe('signed-in reads match the shared response schemas', () => {
  it('saved item, saved check and saved list', async () => {
    const item = await answer(
      '/api/user/user-saved',
      { method: 'POST', body: JSON.stringify({ entityId: 'e1', entityTypeCode: 60 }) },
      true,
    );
    expectMatches(savedItemSchema, item);
    expectMatches(savedCheckSchema, await answer('/api/user/user-saved/check/e1', {}, true));
    expectMatches(savedPageSchema, await answer('/api/user/user-saved/by-entity-type?offset=0&limit=10&entitytc=60', {}, true));
  });

  it('follow state, following list and a public profile', async () => {
    expectMatches(followStateSchema, await answer('/api/user/follows/f1', { method: 'PUT' }, true));
    expectMatches(followStateSchema, await answer('/api/user/follows/f1', {}, true));
    expectMatches(firmPageSchema, await answer('/api/user/profile/following?page=0&size=50', {}, true));
    expectMatches(publicProfileSchema, await answer('/api/user/profile/profile-by-flip?flip=flip-carol', {}, true));
  });

  it('the session, its logins, people and friends', async () => {
    expectMatches(authResponseSchema, await answer('/api/iam/auth/check-session', {}, true));
    expectMatches(sessionListSchema, await answer('/api/iam/sessions', {}, true));
    const friends = await answer('/api/user/people/friends', {}, true);
    expect((friends as { totalElements: number }).totalElements).toBe(1);
    expectMatches(personPageSchema, friends);
    expectMatches(personPageSchema, await answer('/api/user/people?page=0&size=10&userId=dave', {}, true));
  });
});
