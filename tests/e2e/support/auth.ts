import { expect, type Page } from '@playwright/test';

/** The demo seed's password for every demo account (layla@, omar@, sophie@, james@souk.test). */
export const DEMO_PASSWORD = 'souk-demo-2025';

/** Logs a demo account in through the login form, as a visitor would; lands on /profile. */
export async function logInWithForm(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  const form = page.locator('form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
}
