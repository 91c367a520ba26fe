import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
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

/**
 * Signs a new account up through the API in `request`'s cookie jar (a context's or page's: its pages are then
 * signed in), with the demo password. A fresh account per attempt: a retry runs on the same database.
 */
export async function signUpWithApi(request: APIRequestContext, account: { firstName: string; lastName: string; email: string }) {
  const headers = { Origin: test.info().project.use.baseURL! };
  const start = await request.post('/api/iam/signup/email/start', {
    headers,
    data: { ...account, password: DEMO_PASSWORD, dateOfBirth: '1990-04-04' },
  });
  expect(start.ok()).toBe(true);
  const complete = await request.post('/api/iam/signup/email/complete', {
    headers,
    data: { email: account.email, code: await codeFromOutbox(account.email) },
  });
  expect(complete.ok()).toBe(true);
}
