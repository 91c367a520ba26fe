import { expect, test, type Page } from '@playwright/test';
import { logInWithForm } from './support/auth';

/**
 * The visitor round 2 (and the "Log in" casing), in a real browser: install, the
 * desktop tab bar, the Share menu by keyboard, unknown categories, the head after client-side
 * navigation, srcset widths, the firm blog header, unfollowing, the blog article's extras.
 */

const hydrated = (page: Page) => page.waitForFunction(() => !('$_TSR' in window), undefined, { timeout: 30_000 });

test('desktop shows no floating phone tab bar (the header has the navigation); a phone keeps it', async ({ page }) => {
  const tabBar = page.getByRole('navigation', { name: 'Sections' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/explore');
  await hydrated(page);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Explore' })).toBeVisible();
  await expect(tabBar).toBeHidden();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(tabBar).toBeVisible();
});

test('the Share menu works by keyboard: Enter opens on the first item, arrows move, Escape closes back to the button', async ({ page }) => {
  await page.goto('/the-blue-alley');
  await hydrated(page);
  const button = page.getByRole('button', { name: 'Share', exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Share' });
  const items = menu.getByRole('menuitem');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();
});

test('/events/<unknown category> is a 404; a known one is a page', async ({ page }) => {
  const unknown = await page.goto('/events/no-such-category');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  const known = await page.goto('/events/concert');
  expect(known?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toHaveCount(0);
  await page.goto('/food/no-such-category');
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
});

test('title, description and canonical follow client-side navigation', async ({ page }) => {
  const head = () =>
    page.evaluate(() => ({
      title: document.title,
      description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      canonicals: document.querySelectorAll('link[rel="canonical"]').length,
    }));
  await page.goto('/blog');
  await hydrated(page);
  const first = await head();
  expect(new URL(first.canonical!).pathname).toBe('/blog');

  const card = page.locator('a[href^="/blog/"]').first();
  const href = (await card.getAttribute('href'))!;
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByTestId('blog-article')).toBeVisible();
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await expect.poll(async () => (await head()).canonical).toMatch(new RegExp(`${href}$`));
  const article = await head();
  expect(article.title).toBe(`${name} — Souk`);
  expect(article.description).toBeTruthy();
  expect(article.description).not.toBe(first.description);
  expect(article.canonicals).toBe(1);
  // the server renders the same head for that url
  const html = await (await page.request.get(href)).text();
  expect(html).toContain(`<link rel="canonical" href="${article.canonical}">`);
  expect(html).toContain(`content="${article.description!.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`);

  await page.goBack();
  await expect.poll(async () => new URL((await head()).canonical!).pathname).toBe('/blog');
});

test('every srcset names each file with the width it really has', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const path of ['/the-blue-alley', '/explore']) {
    await page.goto(path);
    await hydrated(page);
    const wrong = await page.evaluate(async () => {
      const candidates = new Map<string, number>();
      for (const img of document.querySelectorAll('img[srcset]')) {
        for (const part of img.getAttribute('srcset')!.split(',')) {
          const [url, width] = part.trim().split(/\s+/);
          candidates.set(url, Number.parseInt(width, 10));
        }
      }
      const sizes = await Promise.all(
        [...candidates].map(
          ([url, width]) =>
            new Promise<string | null>((resolve) => {
              const image = new Image();
              image.onload = () => resolve(image.naturalWidth === width ? null : `${url}: says ${width}w, is ${image.naturalWidth}`);
              image.onerror = () => resolve(`${url}: failed`);
              image.src = url;
            }),
        ),
      );
      return { checked: candidates.size, wrong: sizes.filter(Boolean) };
    });
    expect(wrong.checked, path).toBeGreaterThan(2);
    expect(wrong.wrong, path).toEqual([]);
  }
});

test("a firm's blog page shows the firm's picture or initial apart from its name, linking to the firm", async ({ page }) => {
  await page.goto('/the-blue-alley/blog');
  const firm = await (await page.request.get('/api/public/firms/the-blue-alley')).json().catch(() => null);
  const header = page.locator('main a[href="/the-blue-alley"]').first();
  await expect(header).toBeVisible();
  const name = firm?.name ?? (await header.innerText()).trim();
  await expect(header).toHaveAccessibleName(name);
  const [avatar, label] = [header.locator('span').first(), header.locator('span').last()];
  const a = (await avatar.boundingBox())!;
  const l = (await label.boundingBox())!;
  expect(a.width).toBeGreaterThanOrEqual(28);
  expect(a.height).toBeGreaterThanOrEqual(28);
  expect(a.x + a.width <= l.x || l.x + l.width <= a.x, 'the initial does not touch the name').toBe(true);
});

test('a blog article shows its firm, reading time and more posts from the same firm', async ({ page }) => {
  await page.goto('/dar-nour/blog');
  const first = page.locator('main a[href^="/blog/"]').first();
  const href = (await first.getAttribute('href'))!;
  await page.goto(href);
  const article = page.getByTestId('blog-article');
  await expect(article.locator('a[href="/dar-nour"]').first()).toBeVisible();
  await expect(page.getByTestId('reading-time')).toHaveText(/^\d+ min read$/);
  const more = page.getByTestId('more-posts');
  await expect(more.getByRole('heading', { level: 2 })).toContainText('More from');
  const links = await more.locator('a[href^="/blog/"]').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
  expect(links.length).toBeGreaterThan(0);
  expect(links).not.toContain(href);
  await expect(more.getByRole('link', { name: 'All posts' })).toHaveAttribute('href', '/dar-nour/blog');
});

test('the following page can unfollow', async ({ page }) => {
  await logInWithForm(page, 'sophie@souk.test');
  await page.goto('/copper-kettle');
  await hydrated(page);
  const follow = page.getByRole('button', { name: /^(Follow|Following)/ });
  await expect(follow).toHaveAttribute('data-tap-live', ''); // it knows whether sophie follows
  if ((await follow.getAttribute('aria-pressed')) === 'false') await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/profile/following');
  const list = page.getByTestId('following-list');
  const card = list.locator('li', { has: page.locator('a[href="/copper-kettle"]') });
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: /^Unfollow / }).click();
  await expect(card).toHaveCount(0);
  await page.goto('/copper-kettle');
  await expect(page.getByRole('button', { name: /^(Follow|Following)/ })).toHaveAttribute('aria-pressed', 'false');
});

test("Install: the browser's install offer becomes a button that prompts once; the installed app starts on explore", async ({ page }) => {
  await page.goto('/about');
  await hydrated(page);
  const install = page.getByTestId('install-app');
  await expect(install).toHaveCount(0); // no offer, no dead button
  await page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
    offer.prompt = () => {
      (window as unknown as Record<string, number>).prompted = ((window as unknown as Record<string, number>).prompted ?? 0) + 1;
      return Promise.resolve();
    };
    offer.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(offer);
  });
  await expect(install).toHaveText('Install the app');
  await install.click();
  await expect(install).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as Record<string, number>).prompted)).toBe(1);

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(manifestHref!)).json();
  expect(new URL(manifest.start_url, 'http://x').pathname).toBe('/explore');
});

test.describe('on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
  });

  test('Install explains Share, then Add to Home Screen', async ({ page }) => {
    await page.goto('/about');
    await hydrated(page);
    await page.getByTestId('install-app').click();
    const dialog = page.getByRole('dialog', { name: 'Install Souk' });
    await expect(dialog).toContainText('tap Share');
    await expect(dialog).toContainText('Add to Home Screen');
  });
});

test('"Log in" has one casing: the login popup says "Log in" like the header', async ({ page }) => {
  await page.goto('/the-blue-alley');
  await hydrated(page);
  await page.getByRole('button', { name: /^Follow/ }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
});

test.describe('an Arabic phone, 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, locale: 'ar' });

  test('the header is opaque and fits: Sign up keeps its margin; a Latin address reads in its own order', async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'app_lang', value: 'ar', url: baseURL! }]);
    await page.goto('/the-blue-alley');
    const header = page.locator('header').first();
    // nothing prints through while scrolling: the background has no transparency
    const background = await header.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).toMatch(/^rgb\(/);
    const signUp = header.getByRole('link', { name: 'حساب جديد' }).or(header.getByRole('button', { name: 'حساب جديد' }));
    const box = (await signUp.first().boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(8);
    expect(await header.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    // "626 Frenchmen St…" isolated from the right-to-left paragraph (else 626 jumps to the end of the line)
    await expect(page.locator('bdi', { hasText: '626 Frenchmen St, New Orleans, US' })).toHaveCount(1);
  });
});
