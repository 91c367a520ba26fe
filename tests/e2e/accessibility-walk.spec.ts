import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { blockingViolations, COLOUR_RULES, describeViolation, type Violation } from './support/axe';
import { createFirm, expect, signUpMember, test as base, type OwnedFirm } from './support/fixtures';
import { payAndOpenOrder, upgradeTo } from './support/payments';
import { routePaths } from './support/routes';
import { signedEnvelope } from './support/storage';
import { NAV_ENTRIES } from '../../src/client/features/workspace/shell/workspace-nav';

/**
 * axe (WCAG 2.1 A and AA) on every page of the app, in English and Arabic, light and dark: no serious or critical
 * violation. The pages come from the route files, so a new route fails "the walk knows every route" until it is
 * walked (or named below with the reason it cannot be). Public pages are walked signed out, the profile area as a
 * member who bought from a firm and wrote to it, the workspace as that firm's owner on the plan that opens every
 * area. One browser context per person and language, opened once and reused from page to page; each page is checked
 * in the light theme, then in the dark one in place (only the colour rules: nothing else changes with the theme).
 * Each language and person is a test of its own (a third of the routes each), so the workers share the walk
 * instead of each carrying a whole language for five minutes.
 */

/** Routes the walk cannot open, and why. */
const NOT_WALKED: Record<string, string> = {
  '/google/callback': "Google's sign-in comes back here and it goes on at once: there is no page to read",
  '/fladmin': 'the admin area answers 404 to everyone but the admins; admin.spec.ts walks it as one',
  '/profile/help/moderation/$actionId': "a moderation action is made by an admin in the admin area, which this walk's people cannot reach",
};

/** Who opens each route: a visitor signed out, a member who bought and wrote to the firm, or the firm's owner. */
type Person = 'visitor' | 'member' | 'owner';
const personFor = (route: string): Person =>
  route.startsWith('/workspace') ? 'owner' : /^\/(profile|create-firm|business)(\/|$)/.test(route) ? 'member' : 'visitor';

/** What the walk made for itself: a firm with a full catalogue on the top plan, a buyer's order and conversation. */
interface World {
  firm: OwnedFirm;
  owner: { state: Awaited<ReturnType<APIRequestContext['storageState']>>; flip: string; employmentId: string };
  member: { state: Awaited<ReturnType<APIRequestContext['storageState']>>; conversationId: string; reference: string };
  categories: Record<'category' | 'events' | 'food' | 'services' | 'shop', string>;
}

const origin = () => ({ Origin: test.info().project.use.baseURL! });

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** A category key of each explore section, from the industries the server knows. */
async function categories(request: APIRequestContext): Promise<World['categories']> {
  const industries = await json<{ key: string; categories: { key: string }[] }[]>(await request.get('/api/user/explore/industries'));
  const first = (key: string) => industries.find((industry) => industry.key === key)!.categories[0].key;
  const other = industries.find((industry) => !['foodandbeverage', 'shoppingandretail', 'services', 'events'].includes(industry.key))!;
  return {
    category: other.categories[0].key,
    events: first('events'),
    food: first('foodandbeverage'),
    services: first('services'),
    shop: first('shoppingandretail'),
  };
}

async function makeWorld(browser: Browser): Promise<World> {
  const ownerContext = await browser.newContext();
  await signUpMember(ownerContext.request, 'Yasmine');
  const firm = await createFirm(ownerContext.request, 'Dar Yasmine');
  const ownerPage = await ownerContext.newPage();
  await upgradeTo(ownerPage, firm.id, 'premium');
  const team = await json<{ members: { id: string; flip: string }[] }>(
    await ownerContext.request.get(`/api/dashboard/team?firmId=${firm.id}`),
  );

  const memberContext = await browser.newContext();
  await signUpMember(memberContext.request, 'Salma');
  const added = await memberContext.request.put('/api/user/cart/items', {
    headers: origin(),
    data: { itemType: 'product', itemId: firm.product.id, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const order = await json<{ redirectUrl: string }>(
    await memberContext.request.post(`/api/user/orders/cart/${firm.id}`, {
      headers: { ...origin(), 'Idempotency-Key': `walk-${firm.id}` },
      data: { expectedTotal: 1200, currency: 'EUR' },
    }),
  );
  const memberPage = await memberContext.newPage();
  await memberPage.goto(order.redirectUrl);
  const reference = await payAndOpenOrder(memberPage);
  const conversation = await json<{ id: string }>(
    await memberContext.request.post('/api/user/conversations', { headers: origin(), data: { firmId: firm.id } }),
  );
  const wrote = await memberContext.request.post(`/api/user/conversations/${conversation.id}/messages`, {
    headers: origin(),
    data: { body: 'Is the olive soap unscented?' },
  });
  expect(wrote.ok(), await wrote.text()).toBe(true);

  const world: World = {
    firm,
    owner: { state: await ownerContext.storageState(), flip: team.members[0].flip, employmentId: team.members[0].id },
    member: { state: await memberContext.storageState(), conversationId: conversation.id, reference },
    categories: await categories(memberContext.request),
  };
  await ownerContext.close();
  await memberContext.close();
  return world;
}

/** The route with its parameters filled in from the walk's world. */
function concrete(route: string, world: World): string {
  const { firm } = world;
  const section = route.split('/')[1] as keyof World['categories'];
  const params: Record<string, string> = {
    $username: firm.username,
    $category: world.categories[section],
    $flip: world.owner.flip,
    $conversationId: world.member.conversationId,
    $reference: world.member.reference,
    $blogId: firm.post.shortId,
    $eventId: firm.event.shortId,
    $menuId: firm.menu.id,
    $itemId: firm.menu.itemId,
    $productId: firm.product.id,
    $employmentId: world.owner.employmentId,
    $name: 'growth',
  };
  const shortIds: Record<string, string> = {
    blog: firm.post.shortId,
    dish: firm.menu.itemShortId,
    event: firm.event.shortId,
    product: firm.product.shortId,
  };
  return route.replace(/\$[A-Za-z]+/g, (param) => {
    const value = param === '$shortId' ? shortIds[section] : params[param];
    if (!value) throw new Error(`the walk does not know ${param} of ${route}: add it`);
    return value;
  });
}

/** The page has settled: hydrated, its heading shown, nothing loading. */
async function settle(page: Page, target: string): Promise<void> {
  await expect(page.locator('h1').first(), `${target} shows its heading`).toBeVisible({ timeout: 30_000 });
  await page.waitForFunction(() => !('$_TSR' in window), undefined, { timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

const LANGUAGES = ['en', 'ar'] as const;

/**
 * A context in `language` and the light theme from its first page on, as the picker and the toggle leave them
 * (the signed `app_lang` and `theme_preference` entries, and the language's cookie for the server's rendering).
 */
async function contextIn(browser: Browser, language: string, state?: World['member']['state']): Promise<BrowserContext> {
  const context = await browser.newContext({ storageState: state });
  const stored = { app_lang: signedEnvelope('app_lang', language), theme_preference: signedEnvelope('theme_preference', 'bright') };
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, stored);
  await context.addCookies([{ name: 'app_lang', value: language, url: test.info().project.use.baseURL! }]);
  return context;
}

/**
 * The page in the dark theme, in place: the theme is only the colour tokens under `data-theme` and the root's
 * `color-scheme` (lib/theme.ts applyTheme), so the page need not be loaded again for it.
 */
async function darken(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'dark';
    document.documentElement.style.colorScheme = 'dark';
  });
}

const test = base.extend<object, { world: World }>({
  world: [async ({ browser }, use) => use(await makeWorld(browser)), { scope: 'worker', timeout: 90_000 }],
});

test.describe.configure({ mode: 'parallel' });

test('the walk knows every route, and every workspace area has a route', () => {
  const routes = routePaths();
  const world = {
    firm: {
      username: 'x',
      product: { id: 'x', shortId: 'x' },
      menu: { id: 'x', itemId: 'x', itemShortId: 'x' },
      event: { shortId: 'x' },
      post: { shortId: 'x' },
    },
    owner: { flip: 'x', employmentId: 'x' },
    member: { conversationId: 'x', reference: 'x' },
    categories: { category: 'x', events: 'x', food: 'x', services: 'x', shop: 'x' },
  } as unknown as World;
  for (const route of routes.filter((candidate) => !(candidate in NOT_WALKED))) expect(() => concrete(route, world), route).not.toThrow();
  for (const route of Object.keys(NOT_WALKED)) expect(routes, `${route} is still a route`).toContain(route);
  for (const entry of NAV_ENTRIES) expect(routes, `the workspace's ${entry.key} area`).toContain(`/workspace/${entry.key}`);
});

const PEOPLE: Person[] = ['visitor', 'member', 'owner'];

for (const language of LANGUAGES) {
  for (const person of PEOPLE) {
    test(`axe finds nothing serious on any ${person}'s page, ${language}, light and dark`, async ({ browser, world }) => {
      // generous: a two-core machine busy with other work takes seconds per page
      test.setTimeout(450_000);
      const context = await contextIn(browser, language, person === 'visitor' ? undefined : world[person].state);
      const page = await context.newPage();
      const found: Violation[] = [];
      for (const route of routePaths().filter((candidate) => !(candidate in NOT_WALKED) && personFor(candidate) === person)) {
        const target = concrete(route, world);
        await page.goto(target);
        await settle(page, target);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        found.push(...(await blockingViolations(page)).map((violation) => ({ ...violation, page: `light ${violation.page}` })));
        // only the colours change with the theme
        await darken(page);
        found.push(
          ...(await blockingViolations(page, COLOUR_RULES)).map((violation) => ({ ...violation, page: `dark ${violation.page}` })),
        );
      }
      await context.close();
      const byRule = new Map<string, number>();
      for (const violation of found) byRule.set(violation.rule, (byRule.get(violation.rule) ?? 0) + 1);
      test.info().annotations.push({ type: 'violations by rule', description: JSON.stringify(Object.fromEntries(byRule)) });
      expect(found.map(describeViolation), `${language}, ${person}: serious or critical violations`).toEqual([]);
    });
  }
}
