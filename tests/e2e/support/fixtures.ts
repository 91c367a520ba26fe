import {
  expect,
  test as base,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { signUpWithApi } from './auth';

/**
 * Data each test makes for itself, so no two tests (on two workers, or a retry on the same database) share a
 * person or a firm: the demo seed is the smoke spec's alone. Names carry the worker and a random tail, so they
 * are unique in one run and across retries.
 */

export interface Member {
  firstName: string;
  lastName: string;
  email: string;
}

export interface Catalogue {
  product: { id: string; shortId: string; name: string };
  menu: { id: string; itemId: string; itemShortId: string; itemName: string };
  event: { id: string; shortId: string; name: string };
  post: { id: string; shortId: string; name: string };
}

export interface OwnedFirm extends Catalogue {
  id: string;
  name: string;
  username: string;
}

/** A short tag unique to this test attempt: the worker, the time and a random tail. */
export function uniqueTag(): string {
  const random = Math.random().toString(36).slice(2, 6);
  return `${test.info().workerIndex}${Date.now().toString(36)}${random}`;
}

const origin = () => ({ Origin: test.info().project.use.baseURL! });

/** Signs a new member up in `request`'s cookie jar (a context's: its pages are then signed in). */
export async function signUpMember(request: APIRequestContext, firstName = 'Amina'): Promise<Member> {
  const tag = uniqueTag();
  const member = { firstName, lastName: `Tester ${tag}`, email: `${firstName.toLowerCase()}-${tag}@souk.test` };
  await signUpWithApi(request, member);
  return member;
}

/** A new browser context with a new member signed in, and a page in it. */
export async function memberContext(
  browser: Browser,
  firstName = 'Amina',
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; member: Member }> {
  const context = await browser.newContext(options);
  const member = await signUpMember(context.request, firstName);
  return { context, page: await context.newPage(), member };
}

async function created<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** A published product in stock. */
async function addProduct(request: APIRequestContext, firmId: string, name: string) {
  const product = await created<{ id: string; shortId: string }>(
    await request.post(`/api/dashboard/products?firmId=${firmId}`, {
      headers: origin(),
      data: { name, description: 'Handmade in the old town.', price: 1200, currency: 'EUR', initialStock: 20 },
    }),
  );
  await created(
    await request.patch(`/api/dashboard/products/${product.id}/published?firmId=${firmId}`, {
      headers: origin(),
      data: { published: true },
    }),
  );
  return { id: product.id, shortId: product.shortId, name };
}

/** A shown menu with one dish. */
async function addMenu(request: APIRequestContext, firmId: string, itemName: string) {
  const { menus } = await created<{ menus: { id: string }[] }>(
    await request.post(`/api/dashboard/menus?firmId=${firmId}`, { headers: origin(), data: { name: 'All day' } }),
  );
  const menuId = menus[0].id;
  const item = await created<{ id: string; shortId: string }>(
    await request.post(`/api/dashboard/menu-items?firmId=${firmId}`, {
      headers: origin(),
      data: { menuId, name: itemName, description: 'Fresh every morning.', price: 650, currency: 'EUR' },
    }),
  );
  await created(
    await request.patch(`/api/dashboard/menus/${menuId}/published?firmId=${firmId}`, { headers: origin(), data: { published: true } }),
  );
  return { id: menuId, itemId: item.id, itemShortId: item.shortId, itemName };
}

/** The evening a week ahead. */
function weekAhead(): Date {
  const start = new Date(Date.now() + 7 * 86_400_000);
  start.setUTCHours(19, 0, 0, 0);
  return start;
}

/** A published public event (a week ahead unless `start` says otherwise), with one paid ticket category unless given others. */
export async function addEvent(
  request: APIRequestContext,
  firmId: string,
  name: string,
  { start = weekAhead(), ticketCategories = [{ name: 'Standard', price: 1500, capacity: 60 }] } = {},
) {
  const draft = await created<{ id: string; shortId: string }>(
    await request.post(`/api/dashboard/events/create?firmId=${firmId}`, { headers: origin() }),
  );
  await created(
    await request.put('/api/dashboard/events', {
      headers: origin(),
      data: {
        id: draft.id,
        name,
        description: 'An evening of music in the courtyard.',
        typeKey: 'concert',
        startDateTime: start.toISOString(),
        venue: '12 Rue des Artisans',
        capacity: 80,
        currency: 'EUR',
        ticketCategories,
      },
    }),
  );
  await created(await request.patch(`/api/dashboard/events/${draft.id}/status`, { headers: origin(), data: { statusCode: 1 } }));
  return { id: draft.id, shortId: draft.shortId, name };
}

/** A published blog post. */
async function addPost(request: APIRequestContext, firmId: string, name: string) {
  const draft = await created<{ id: string; shortId: string }>(
    await request.post(`/api/dashboard/blog-posts/create?firmId=${firmId}`, { headers: origin() }),
  );
  await created(
    await request.patch(`/api/dashboard/blog-posts/${draft.id}`, {
      headers: origin(),
      data: { name, shortSummary: 'What changed this season.', content: '<p>New dishes, new hours and a new terrace.</p>' },
    }),
  );
  await created(await request.patch(`/api/dashboard/blog-posts/${draft.id}/status`, { headers: origin(), data: { statusCode: 1 } }));
  return { id: draft.id, shortId: draft.shortId, name };
}

/**
 * A new food firm owned by the member signed in in `request`, with a shop product, a shown menu, a published
 * event and a published blog post: every section of a firm page has something in it.
 */
export async function createFirm(request: APIRequestContext, name = 'Dar Zitoun'): Promise<OwnedFirm> {
  const tag = uniqueTag();
  const industries = await created<{ key: string; categories: { key: string }[] }[]>(await request.get('/api/user/explore/industries'));
  const food = industries.find((industry) => industry.key === 'foodandbeverage')!;
  const username = `e2e-${tag}`;
  const { firm } = await created<{ firm: { id: string } }>(
    await request.post('/api/business/firms', {
      headers: origin(),
      data: {
        name,
        username,
        industryKey: food.key,
        categoryKey: food.categories[0].key,
        description: 'Tea, pastries and music by the old market.',
        city: 'Tunis',
        country: 'Tunisia',
        // not Africa/Casablanca: Morocco's move to UTC+0 in September 2026 is in Chromium's time zone data but
        // not in Node 20's (ICU tz 2025c), so its times would hydrate differently (docs/decisions/036)
        timezone: 'Africa/Tunis',
      },
    }),
  );
  return {
    id: firm.id,
    name,
    username,
    product: await addProduct(request, firm.id, `Olive soap ${tag}`),
    menu: await addMenu(request, firm.id, `Msemen ${tag}`),
    event: await addEvent(request, firm.id, `Courtyard night ${tag}`),
    post: await addPost(request, firm.id, `Spring news ${tag}`),
  };
}

/** A firm of someone else's: its owner's details and their API session (signed in), to act as the firm. */
export interface OthersFirm extends OwnedFirm {
  owner: Member;
  ownerRequest: APIRequestContext;
}

/**
 * `account`: a new member signed in nowhere, for a test that logs in through the form (with DEMO_PASSWORD).
 * `member`: a new member signed in in the test's context (so `page` is signed in). `firm`: a firm that member
 * owns, with a full catalogue (see createFirm). `othersFirm`: a firm with the same catalogue owned by another new
 * member, for a test whose member visits, follows, buys from or writes to a firm.
 */
export const test = base.extend<{ account: Member; member: Member; firm: OwnedFirm; othersFirm: OthersFirm }>({
  account: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL });
    const account = await signUpMember(request, 'Nadia');
    await request.dispose();
    await use(account);
  },
  member: async ({ context }, use) => {
    await use(await signUpMember(context.request));
  },
  // the owner is the test's member: the firm is made in their session
  firm: async ({ context, member: _owner }, use) => {
    await use(await createFirm(context.request));
  },
  othersFirm: async ({ playwright, baseURL }, use) => {
    const ownerRequest = await playwright.request.newContext({ baseURL });
    const owner = await signUpMember(ownerRequest, 'Karim');
    await use({ ...(await createFirm(ownerRequest, 'Dar Karim')), owner, ownerRequest });
    await ownerRequest.dispose();
  },
});

export { expect };
