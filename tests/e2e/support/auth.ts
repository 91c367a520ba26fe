import { expect, type Page } from '@playwright/test';
import { codeFromOutbox as readCode } from '../../../src/server/testing/outbox';

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

/**
 * The six-digit code last mailed to `email`, waiting up to 10 s for it: the server writes mail to
 * ${DATA_DIR}/outbox (no SMTP_URL in e2e) and playwright.config.ts shares DATA_DIR.
 */
export async function codeFromOutbox(email: string): Promise<string> {
  const dataDir = process.env.SOUK_E2E_DATA_DIR ?? '';
  let code: string | undefined;
  await expect
    .poll(
      () => {
        try {
          code = readCode(dataDir, email);
        } catch {
          code = undefined;
        }
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}
