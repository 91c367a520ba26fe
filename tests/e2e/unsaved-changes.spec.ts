import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { openWorkspace } from './support/workspace';

/**
 * An editor with unsaved changes asks before they are lost: a sidebar link and Back ask in the app's own dialog,
 * closing the tab gets the browser's question, and a save or "Leave without saving" lets the owner go.
 */
test('the product editor guards unsaved changes against links, Back and closing the tab', async ({ page, firm }) => {
  const unsaved = page.getByRole('alertdialog', { name: 'Unsaved changes' });
  const nameField = page.getByRole('textbox', { name: 'Name', exact: true }).first();

  // from the shop's list, in the app: Back then stays in the page, where the app can ask
  const openEditor = async () => {
    const card = page.getByRole('main').getByRole('link', { name: new RegExp(firm.product.name) });
    await openWorkspace(page, '/workspace/shop', new RegExp(firm.name), card);
    await card.click();
    await expect(nameField).toHaveValue(firm.product.name);
  };
  const sidebarLink = (p: Page, name: string) => p.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name, exact: true });

  await openEditor();
  // nothing changed: the owner leaves without a question
  await sidebarLink(page, 'Menus').click();
  await expect(page).toHaveURL(/\/workspace\/menu$/);
  await expect(unsaved).toHaveCount(0);

  await openEditor();
  await nameField.click();
  await nameField.fill('Olive soap, large');
  await sidebarLink(page, 'Menus').click();
  await expect(unsaved).toBeVisible();
  await unsaved.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(page).toHaveURL(new RegExp(`/workspace/shop/${firm.product.id}$`));
  await expect(nameField).toHaveValue('Olive soap, large');

  await page.evaluate(() => history.back());
  await expect(unsaved).toBeVisible();
  await unsaved.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(page).toHaveURL(new RegExp(`/workspace/shop/${firm.product.id}$`));
  await expect(nameField).toHaveValue('Olive soap, large');

  // closing the tab: the browser asks (its own words), and dismissing it keeps the page
  const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.type()))));
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
  expect(page.isClosed()).toBe(false);

  await sidebarLink(page, 'Menus').click();
  await unsaved.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/workspace\/menu$/);

  // a saved change leaves for the shop without a question
  await openEditor();
  await nameField.fill('Olive soap, large');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/workspace\/shop$/);
  await expect(unsaved).toHaveCount(0);
  await expect(page.getByText('Olive soap, large').first()).toBeVisible();
});
