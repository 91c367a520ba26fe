import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Opens a workspace page as a member of the business's team. Someone with one business lands on it; someone with
 * several is asked which one, and `firm` is chosen, then the page is opened again (the choice may land on the
 * workspace's home). Resolves once `ready` shows.
 */
export async function openWorkspace(page: Page, path: string, firm: string | RegExp, ready?: Locator): Promise<void> {
  const shown = ready ?? page.getByRole('main').getByRole('heading', { level: 1 }).first();
  await page.goto(path);
  const chooser = page.getByRole('alertdialog', { name: 'Choose a business' });
  await expect(chooser.or(shown).first()).toBeVisible({ timeout: 30_000 });
  if (await chooser.isVisible()) {
    await chooser.getByRole('button', { name: firm }).click();
    await page.goto(path);
  }
  await expect(shown).toBeVisible({ timeout: 30_000 });
}
