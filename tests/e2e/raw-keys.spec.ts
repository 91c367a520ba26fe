import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createFirm, expect, signUpMember, test, type OwnedFirm } from './support/fixtures';
import { routePaths } from './support/routes';

/**
 * No translation key can reach a form: every route with a form is opened once and, in English, Arabic and French
 * in turn (switched with the header's language picker, as a reader would), checked and its forms submitted empty,
 * where a namespace the page never loaded shows `validation.required` instead of "Name is required.". Any visible
 * text shaped like one of our keys fails the walk. One load per route and three languages in place keep each
 * group within a minute on a loaded two-core machine; a page load per route and language took five.
 */

const LANGUAGES = ['en', 'ar', 'fr'] as const;
const LOCALES_DIR = path.resolve('src/client/locales/en');

/** The routes whose main content holds a form, by who opens them (a new form's route joins its group). */
const FORM_ROUTES = {
  visitor: ['/login', '/signup', '/password'],
  member: ['/create-firm', '/profile/edit', '/profile/account', '/profile/addresses', '/profile/help/report', '/search'],
  business: [
    '/workspace/business-profile',
    '/workspace/settings',
    '/workspace/announcements',
    '/workspace/team/emp',
    '/workspace/events/$eventId',
    '/workspace/blog/$blogId',
    '/workspace/tables',
  ],
  catalogue: [
    '/workspace/menu',
    '/workspace/menu/$menuId',
    '/workspace/menu/item/$itemId',
    '/workspace/shop/$productId',
    '/workspace/inventory',
  ],
};

/** The first segments of our keys (`validation`, `form`, `problems`…) and the namespaces' names. */
function keyRoots(): { roots: string[]; namespaces: string[] } {
  const namespaces = fs.readdirSync(LOCALES_DIR).map((file) => file.replace(/\.json$/, ''));
  const roots = new Set<string>();
  for (const file of fs.readdirSync(LOCALES_DIR)) {
    for (const key of Object.keys(JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, file), 'utf8')) as object)) roots.add(key);
  }
  return { roots: [...roots], namespaces };
}

function concrete(route: string, firm: OwnedFirm): string {
  const params: Record<string, string> = {
    $menuId: firm.menu.id,
    $itemId: firm.menu.itemId,
    $productId: firm.product.id,
    // the editors of events and posts are opened by their short ids
    $eventId: firm.event.shortId,
    $blogId: firm.post.shortId,
  };
  return route.replace(/\$[A-Za-z]+/g, (param) => {
    if (!(param in params)) throw new Error(`the walk does not know ${param} of ${route}: add it`);
    return params[param];
  });
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

/** Settled: the page's heading is there and nothing is loading (the owner's one firm chosen when asked). */
async function settle(page: Page, target: string, firmName?: string): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await expect(page.locator('main h1').first().or(dialog.first()), `${target} shows its heading`).toBeVisible({ timeout: 30_000 });
  if (firmName && (await dialog.first().isVisible())) {
    await dialog.getByRole('button', { name: firmName }).click();
    await expect(page.locator('main h1').first()).toBeVisible();
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

/** Opens each route once, then in each language checks it and submits its forms empty: the raw keys found. */
async function walk(page: Page, routes: string[], firm: OwnedFirm, firmName?: string): Promise<string[]> {
  const roots = keyRoots();
  const problems: string[] = [];
  for (const route of routes) {
    const target = concrete(route, firm);
    await page.goto(target, { waitUntil: 'domcontentloaded' });
    await settle(page, target, firmName);
    // the picker's change before hydration is undone by React's server value: wait for the code
    await page.waitForFunction(() => !('$_TSR' in window), undefined, { timeout: 30_000 });
    for (const language of LANGUAGES) {
      await page.locator('select[name="language"]').first().selectOption(language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      for (const key of await rawKeys(page, roots)) problems.push(`${language} ${target}: ${key}`);
      await submitFormsEmpty(page);
      for (const key of await rawKeys(page, roots)) problems.push(`${language} ${target} (submitted empty): ${key}`);
    }
  }
  return problems;
}

test('the walk knows its routes', () => {
  const all = routePaths();
  const fixture = { menu: { id: 'x', itemId: 'x' }, product: { id: 'x' }, event: { shortId: 'x' }, post: { shortId: 'x' } } as OwnedFirm;
  for (const route of Object.values(FORM_ROUTES).flat()) {
    expect(all, `${route} is a route`).toContain(route);
    expect(() => concrete(route, fixture), route).not.toThrow();
  }
});

/** Generous: a loaded two-core machine takes seconds to hydrate a page; an idle one walks a group in under a minute. */
const WALK_TIMEOUT = 180_000;

test('no raw translation key in the ways in', async ({ page }) => {
  test.setTimeout(WALK_TIMEOUT);
  const firm = { menu: {}, product: {}, event: {}, post: {} } as OwnedFirm;
  expect(await walk(page, FORM_ROUTES.visitor, firm), 'texts shaped like a translation key').toEqual([]);
});

test("no raw translation key in a member's forms", async ({ page, member: _member }) => {
  test.setTimeout(WALK_TIMEOUT);
  const firm = { menu: {}, product: {}, event: {}, post: {} } as OwnedFirm;
  expect(await walk(page, FORM_ROUTES.member, firm), 'texts shaped like a translation key').toEqual([]);
});

for (const group of ['business', 'catalogue'] as const) {
  test(`no raw translation key in an owner's forms: ${group}`, async ({ page, context }) => {
    test.setTimeout(WALK_TIMEOUT);
    await signUpMember(context.request, 'Nadia');
    const firm = await createFirm(context.request, 'Dar Nadia');
    expect(await walk(page, FORM_ROUTES[group], firm, firm.name), 'texts shaped like a translation key').toEqual([]);
  });
}
