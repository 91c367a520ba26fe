import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUpWithApi } from './support/auth';
import { storeLanguage } from './support/storage';

/**
 * No translation key can reach a screen: every route of the app, in English, Arabic and French, is opened and its
 * forms submitted empty (where a missing namespace shows `validation.required` instead of "Name is required."), and
 * any visible text shaped like one of our keys fails the walk. The routes come from the route files, so a new route
 * the walk does not know fails it too.
 */

const LANGUAGES = ['en', 'ar', 'fr'] as const;
const ROUTES_DIR = path.resolve('src/client/routes');
const LOCALES_DIR = path.resolve('src/client/locales/en');

/** `profile.help_.report.tsx` → `/profile/help/report`, `workspace.events.index.tsx` → `/workspace/events`. */
function routePaths(): string[] {
  return fs
    .readdirSync(ROUTES_DIR)
    .filter((file) => file.endsWith('.tsx') && !file.startsWith('__') && !file.startsWith('-'))
    .map((file) => {
      const segments = file
        .slice(0, -'.tsx'.length)
        .split('.')
        .map((segment) => segment.replace(/_$/, ''))
        .filter((segment) => segment !== 'index');
      return `/${segments.join('/')}`;
    })
    .map((route) => (route === '/index' || route === '/' ? '/' : route));
}

/** The first segments of our keys (`validation`, `form`, `problems`…) and the namespaces' names. */
function keyRoots(): { roots: string[]; namespaces: string[] } {
  const namespaces = fs.readdirSync(LOCALES_DIR).map((file) => file.replace(/\.json$/, ''));
  const roots = new Set<string>();
  for (const file of fs.readdirSync(LOCALES_DIR)) {
    for (const key of Object.keys(JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, file), 'utf8')) as object)) roots.add(key);
  }
  return { roots: [...roots], namespaces };
}

interface Fixture {
  username: string;
  flip: string;
  menuId: string;
  itemShortId: string;
  itemId: string;
  productId: string;
  productShortId: string;
  eventId: string;
  postId: string;
  publicEventShortId: string;
  publicPostShortId: string;
}

/** Routes the walk opens signed out (the ways in), and the ones it does not open at all, with why. */
const SIGNED_OUT = new Set(['/login', '/signup', '/password', '/google/callback', '/maintenance']);
const NOT_WALKED: Record<string, string> = {
  '/profile/messages/$conversationId': 'a conversation needs a second member; the inbox itself is walked',
  '/profile/orders/$reference': 'an order needs a payment; the order list is walked',
  '/workspace/orders/$reference': 'an order needs a payment; the order list is walked',
  '/workspace/team/emp/$employmentId': 'the owner’s own employment is walked instead of an invited one',
  '/workspace/subscription/$name': 'walked as the growth plan’s page',
};

function concrete(route: string, fixture: Fixture): string | undefined {
  if (route in NOT_WALKED) {
    if (route === '/workspace/subscription/$name') return '/workspace/subscription/growth';
    return undefined;
  }
  const params: Record<string, string> = {
    $username: fixture.username,
    $flip: fixture.flip,
    $menuId: fixture.menuId,
    $itemId: fixture.itemId,
    $productId: fixture.productId,
    $eventId: fixture.eventId,
    $blogId: fixture.postId,
    $category: 'all',
  };
  if (route.startsWith('/dish/')) return `/dish/${fixture.itemShortId}`;
  if (route.startsWith('/product/')) return `/product/${fixture.productShortId}`;
  if (route.startsWith('/event/')) return `/event/${fixture.publicEventShortId}`;
  if (route.startsWith('/blog/$')) return `/blog/${fixture.publicPostShortId}`;
  if (route === '/category/$category') return '/category/food';
  return route.replace(/\$[A-Za-z]+/g, (param) => {
    if (!(param in params)) throw new Error(`the walk does not know ${param} of ${route}: add it`);
    return params[param];
  });
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** A new member with a new firm holding a published menu item and product, a draft event and a draft post. */
async function makeFixture(request: APIRequestContext): Promise<Fixture> {
  const stamp = `${Date.now().toString(36)}${test.info().workerIndex}`;
  const headers = { Origin: test.info().project.use.baseURL! };
  await signUpWithApi(request, { firstName: 'Nadia', lastName: 'Berrada', email: `raw-keys-${stamp}@souk.test` });
  const session = await json<{ user: { flip: string } }>(await request.get('/api/iam/auth/check-session'));
  const industries = await json<Array<{ key: string; categories: Array<{ key: string }> }>>(
    await request.get('/api/user/explore/industries'),
  );
  const food = industries.find((industry) => industry.key === 'foodandbeverage')!;
  const username = `rawkeys-${stamp}`;
  const firm = await json<{ firm: { id: string } }>(
    await request.post('/api/business/firms', {
      headers,
      data: {
        name: 'Dar Nadia',
        username,
        industryKey: food.key,
        categoryKey: food.categories[0].key,
        description: 'Couscous on Fridays.',
        timezone: 'Africa/Casablanca',
      },
    }),
  );
  const firmId = firm.firm.id;
  const menus = await json<{ menus: Array<{ id: string }> }>(
    await request.post(`/api/dashboard/menus?firmId=${firmId}`, { headers, data: { name: 'Lunch' } }),
  );
  const menu = menus.menus[0];
  await json(await request.patch(`/api/dashboard/menus/${menu.id}/published`, { headers, data: { published: true } }));
  const item = await json<{ id: string; shortId: string }>(
    await request.post(`/api/dashboard/menu-items?firmId=${firmId}`, {
      headers,
      data: { menuId: menu.id, name: 'Couscous', price: 9000, currency: 'MAD' },
    }),
  );
  const product = await json<{ id: string; shortId: string }>(
    await request.post(`/api/dashboard/products?firmId=${firmId}`, {
      headers,
      data: { name: 'Tagine pot', price: 25000, currency: 'MAD' },
    }),
  );
  await json(await request.patch(`/api/dashboard/products/${product.id}/published`, { headers, data: { published: true } }));
  const event = await json<{ id: string }>(await request.post(`/api/dashboard/events/create?firmId=${firmId}`, { headers }));
  const post = await json<{ id: string }>(await request.post(`/api/dashboard/blog-posts/create?firmId=${firmId}`, { headers }));
  // an event and a post as any visitor finds them on the explore pages
  const events = await json<{ content: Array<{ shortId: string }> }>(
    await request.post('/api/public/events?page=0&size=1', { headers, data: {} }),
  );
  const posts = await json<{ content: Array<{ shortId: string }> }>(await request.get('/api/public/blog-posts?size=1'));
  return {
    username,
    flip: session.user.flip,
    menuId: menu.id,
    itemId: item.id,
    itemShortId: item.shortId,
    productId: product.id,
    productShortId: product.shortId,
    eventId: event.id,
    postId: post.id,
    publicEventShortId: events.content[0].shortId,
    publicPostShortId: posts.content[0].shortId,
  };
}

/** Visible texts (and placeholders) holding a token shaped like one of our keys: `validation.required`, `auth:x.y`. */
async function rawKeys(page: Page, roots: { roots: string[]; namespaces: string[] }): Promise<string[]> {
  return page.evaluate(({ roots: keyRoots, namespaces }) => {
    const token = /(?:^|[^\w@/.-])((?:[a-z][\w-]*:)?([a-zA-Z]\w*)(?:\.\w+)+)(?![\w@/-])/g;
    const found: string[] = [];
    const check = (text: string) => {
      for (const match of text.matchAll(token)) {
        const [, whole, root] = match;
        const namespaced = whole.includes(':') && namespaces.includes(whole.split(':')[0]);
        if (namespaced || keyRoots.includes(root)) found.push(whole);
      }
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && parent.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && node.textContent)
        check(node.textContent);
    }
    for (const input of document.querySelectorAll<HTMLInputElement>('[placeholder]')) {
      if (input.checkVisibility()) check(input.placeholder);
    }
    return found;
  }, roots);
}

/** Settled: the page's heading (or the workspace's question which firm) is there and nothing is loading. */
async function settle(page: Page, target: string): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await expect(page.locator('h1').first().or(dialog.first()), `${target} shows its heading`).toBeVisible({ timeout: 20_000 });
  if (await dialog.first().isVisible()) {
    const choice = dialog.getByRole('button', { name: /Dar Nadia/ });
    if (await choice.isVisible()) {
      await choice.click();
      await expect(page.locator('main h1').first()).toBeVisible();
    }
  }
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Every form of the page's main content, its text fields emptied, submitted once. */
async function submitFormsEmpty(page: Page): Promise<void> {
  const forms = page.locator('main form');
  const count = await forms.count();
  for (let index = 0; index < count; index++) {
    const form = forms.nth(index);
    const submit = form.locator('button[type="submit"]').first();
    if (!(await form.isVisible()) || !(await submit.isVisible()) || !(await submit.isEnabled())) continue;
    const fields = form.locator(
      'input:not([type]):visible, input[type="text"]:visible, input[type="email"]:visible, input[type="url"]:visible, input[type="tel"]:visible, input[type="number"]:visible, input[type="password"]:visible, textarea:visible',
    );
    for (const field of await fields.all()) {
      if (await field.isEditable()) await field.fill('');
    }
    await submit.click();
    // the form's answer: its messages, or the server's
    await expect(page.locator('[aria-invalid="true"], [role="alert"]').first())
      .toBeVisible({ timeout: 3_000 })
      .catch(() => undefined);
  }
}

/** Opens each route in the page's language, then submits its forms empty: the raw keys found. */
async function walk(page: Page, language: (typeof LANGUAGES)[number], routes: string[], fixture: Fixture) {
  const roots = keyRoots();
  await page.goto('/about');
  await storeLanguage(page, language);
  const problems: string[] = [];
  for (const route of routes) {
    const target = concrete(route, fixture);
    if (!target) continue;
    await page.goto(target, { waitUntil: 'domcontentloaded' });
    await settle(page, target);
    for (const key of await rawKeys(page, roots)) problems.push(`${language} ${target}: ${key}`);
    await submitFormsEmpty(page);
    for (const key of await rawKeys(page, roots)) problems.push(`${language} ${target} (submitted empty): ${key}`);
  }
  return problems;
}

const all = routePaths();
/** A dozen routes a test: each group walks within its time on a loaded two-core machine. */
const GROUP_SIZE = 12;
const groups = Object.fromEntries(
  Array.from({ length: Math.ceil(all.length / GROUP_SIZE) }, (_, index) => {
    const routes = all.slice(index * GROUP_SIZE, (index + 1) * GROUP_SIZE);
    return [`${routes[0]} … ${routes[routes.length - 1]}`, routes];
  }),
);

test('the walk knows every route', () => {
  const fixture = Object.fromEntries(
    ['username', 'flip', 'menuId', 'itemId', 'productId', 'eventId', 'postId'].map((key) => [key, 'x']),
  ) as unknown as Fixture;
  for (const route of all) expect(() => concrete(route, fixture), route).not.toThrow();
  expect(all).toContain('/create-firm');
  expect(all.length).toBeGreaterThan(80);
});

for (const language of LANGUAGES) {
  for (const [name, routes] of Object.entries(groups)) {
    test(`no raw translation key in ${language}: ${name}`, async ({ browser }) => {
      test.setTimeout(300_000);
      const member = await browser.newContext();
      const visitor = await browser.newContext();
      const fixture = await makeFixture(member.request);
      const signedIn = await walk(
        await member.newPage(),
        language,
        routes.filter((route) => !SIGNED_OUT.has(route)),
        fixture,
      );
      const signedOut = await walk(
        await visitor.newPage(),
        language,
        routes.filter((route) => SIGNED_OUT.has(route)),
        fixture,
      );
      expect([...signedIn, ...signedOut], 'texts shaped like a translation key').toEqual([]);
      await member.close();
      await visitor.close();
    });
  }
}
