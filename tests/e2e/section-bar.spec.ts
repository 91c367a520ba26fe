import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * The firm page's section chips sit below the header (never under it), a tapped
 * chip's heading stays visible under both bars, and the chip of the section being read is marked.
 */

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

async function box(locator: Locator): Promise<Box> {
  const value = await locator.boundingBox();
  expect(value).not.toBeNull();
  return value!;
}

async function checkBars(page: Page, label: string) {
  const header = await box(page.locator('header').first());
  const bar = await box(page.getByTestId('section-bar'));
  expect(overlaps(header, bar), `${label}: header ${JSON.stringify(header)} and bar ${JSON.stringify(bar)}`).toBe(false);
  expect(bar.y, label).toBeGreaterThanOrEqual(header.y + header.height - 0.5);
  // Nothing of the bar's chips hides under the header either.
  for (const chip of await page.getByTestId('section-bar').getByRole('link').all()) {
    const chipBox = await chip.boundingBox();
    if (chipBox) expect(overlaps(header, chipBox), label).toBe(false);
  }
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`${viewport.name}: the section bar stays below the header at three scroll positions and marks the current section`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/the-blue-alley');
    await page.waitForFunction(() => !('$_TSR' in window), undefined, { timeout: 20_000 });
    const bar = page.getByTestId('section-bar');
    await expect(bar).toBeVisible();

    const max = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    for (const [index, fraction] of [0.2, 0.5, 0.85].entries()) {
      await page.evaluate((y) => window.scrollTo(0, y), Math.round(max * fraction));
      await page.waitForTimeout(250);
      await checkBars(page, `${viewport.name} position ${index + 1}`);
      await page.screenshot({ path: test.info().outputPath(`section-bar-${viewport.name}-${index + 1}.png`) });
    }

    // A tapped chip brings its section's heading just below the bars, and is marked current.
    for (const id of ['events', 'blog']) {
      await bar.locator(`a[href="#${id}"]`).click();
      const heading = page.locator(`#${id}-title`);
      await expect(bar.locator(`a[href="#${id}"]`)).toHaveAttribute('aria-current', 'location');
      const barBox = await box(bar);
      const headingBox = await box(heading);
      expect(headingBox.y, id).toBeGreaterThanOrEqual(barBox.y + barBox.height - 0.5);
      expect(headingBox.y + headingBox.height, id).toBeLessThan(viewport.height);
      await expect(bar.locator('a[aria-current]')).toHaveCount(1);
    }
  });
}
