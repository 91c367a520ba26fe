import { expect, test, type Page } from '@playwright/test';
import { storeLanguage } from './support/storage';

const LANGUAGE_KEY = 'app_lang';
/** Rendered by the client only (never on the server), whether or not the service worker controls the page. */
const CLIENT_RENDERED_PATH = '/login';
const ARABIC = /[\u0600-\u06FF]/;

/** The brand link (logo and name, linking home) sits at the inline start of the header. */
async function brandSide(page: Page): Promise<'left' | 'right'> {
  const brand = page.locator('header a[href="/"]').first();
  await expect(brand).toBeVisible();
  const box = (await brand.boundingBox())!;
  const width = page.viewportSize()!.width;
  return box.x + box.width / 2 < width / 2 ? 'left' : 'right';
}

async function expectDocumentLanguage(page: Page, lang: string, dir: 'ltr' | 'rtl') {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
}

/** A header label rendered through i18next, so the language is really applied, not just the attribute. */
function loginButton(page: Page) {
  return page.getByTestId('header-login');
}

// The server renders public pages in the cookie's language and the client renders the rest from
// signed storage; without a worker every load takes the same path each run.
test.use({ serviceWorkers: 'block' });

test.describe('languages', () => {
  test('a stored language applies on load: Arabic mirrors the layout, French and English do not', async ({ page }) => {
    await page.goto('/');
    const labels: Record<string, string> = {};
    for (const [lang, dir, side] of [
      ['ar', 'rtl', 'right'],
      ['fr', 'ltr', 'left'],
      ['en', 'ltr', 'left'],
    ] as const) {
      await storeLanguage(page, lang);
      // A page the client renders, then the home page (rendered by the server on a first visit,
      // by the client from the worker's shell later): both follow the stored language.
      await page.goto(CLIENT_RENDERED_PATH);
      await expectDocumentLanguage(page, lang, dir);
      await page.goto('/');
      await expectDocumentLanguage(page, lang, dir);
      expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe(dir);
      expect(await brandSide(page), `brand side in ${lang}`).toBe(side);
      await expect(loginButton(page)).toBeVisible();
      labels[lang] = (await loginButton(page).innerText()).trim();
    }
    expect(labels.ar).toMatch(ARABIC);
    expect(new Set(Object.values(labels)).size, JSON.stringify(labels)).toBe(3);
  });

  test('the language picker switches language and direction at once and remembers the choice', async ({ page }) => {
    await page.goto('/');
    await expectDocumentLanguage(page, 'en', 'ltr');
    expect(await brandSide(page)).toBe('left');
    const picker = page.getByRole('combobox', { name: /language|langue|اللغة/i });

    await picker.selectOption('ar');
    await expectDocumentLanguage(page, 'ar', 'rtl');
    await expect(loginButton(page)).toHaveText(ARABIC);
    await expect.poll(() => brandSide(page)).toBe('right');

    await page.reload();
    await expectDocumentLanguage(page, 'ar', 'rtl');
    expect(await brandSide(page)).toBe('right');

    await page.getByRole('combobox', { name: /language|langue|اللغة/i }).selectOption('fr');
    await expectDocumentLanguage(page, 'fr', 'ltr');
    await expect.poll(() => brandSide(page)).toBe('left');
    await expect(loginButton(page)).not.toHaveText(ARABIC);

    await page.getByRole('combobox', { name: /language|langue|اللغة/i }).selectOption('en');
    await expectDocumentLanguage(page, 'en', 'ltr');
  });
});

test.describe('device language', () => {
  test.describe('French device', () => {
    test.use({ locale: 'fr-FR' });
    test('starts in French when nothing is stored', async ({ page }) => {
      await page.goto('/');
      await expectDocumentLanguage(page, 'fr', 'ltr');
    });
  });

  test.describe('unsupported device language', () => {
    test.use({ locale: 'de-DE' });
    test('falls back to English', async ({ page }) => {
      await page.goto('/');
      await expectDocumentLanguage(page, 'en', 'ltr');
      await expect(loginButton(page)).toBeVisible();
    });
  });

  test('a tampered stored language is ignored', async ({ page }) => {
    await page.goto(CLIENT_RENDERED_PATH);
    await page.evaluate(
      (key) => localStorage.setItem(key, JSON.stringify({ value: 'ar', expiry: null, signature: 'forged' })),
      LANGUAGE_KEY,
    );
    await page.reload();
    // The client drops the forged entry and stays in the device language.
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), LANGUAGE_KEY)).toBeNull();
    await expectDocumentLanguage(page, 'en', 'ltr');
    await expect(page.locator('main')).not.toHaveText(ARABIC);
  });
});
