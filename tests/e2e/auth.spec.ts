import { expect, test, type Page } from '@playwright/test';
import { codeFromOutbox } from './support/auth';

const PASSWORD = 'fig-tree-under-the-moon';

async function logIn(page: Page, email: string) {
  const form = page.locator('form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
}

test('sign up with the mailed code, land on the profile, log out, log in again and stay signed in after a reload', async ({ page }) => {
  const email = `e2e-${Date.now()}@souk.test`;
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

  // inline validation before anything is sent
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('First name is required.')).toBeVisible();

  await page.getByLabel('First name').fill('Salma');
  await page.getByLabel('Last name').fill('Idrissi');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Date of birth').fill('1994-03-21');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const code = await codeFromOutbox(email);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Salma Idrissi' })).toBeVisible();
  await expect(page.getByText('0 friends')).toBeVisible();

  // a signed-in visitor of /login goes to the profile with an info toast
  await page.goto('/login');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('You are already logged in')).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  const check = await page.request.get('/api/iam/auth/check-session');
  expect((await check.json()).success).toBe(false);

  await page.goto('/login');
  await logIn(page, email);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Salma Idrissi' })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Salma Idrissi' })).toBeVisible();
});

test('a wrong password shows the login failure in the form and as a toast, every time; a lockout says how long to wait', async ({
  page,
}) => {
  await page.goto('/login');
  const email = `nobody-${Date.now()}@souk.test`;
  const inline = page.getByTestId('login-error');
  const toastText = page.locator('[data-toast-area] [data-toast-id]').filter({ hasText: 'Login Failed' });
  await logIn(page, email);
  await expect(inline).toHaveText('Invalid Credentials.');
  await expect(page.getByText('Login Failed')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  // The same failure again: the form says it again and a new toast replaces the first (not swallowed).
  const firstId = await toastText.first().getAttribute('data-toast-id');
  await page.locator('form').getByRole('button', { name: 'Log in' }).click();
  await expect(toastText).toHaveCount(1);
  await expect(toastText).not.toHaveAttribute('data-toast-id', firstId!);
  await expect(inline).toHaveText('Invalid Credentials.');

  // Five failures per email and address: the sixth is refused with how long to wait.
  for (let i = 0; i < 4; i++) {
    await page.locator('form').getByRole('button', { name: 'Log in' }).click();
    await expect(inline).toBeVisible();
  }
  await expect(inline).toHaveText(/Too many attempts\. Try again in \d+ (minutes?|seconds?)\./);
});

test('a guarded route while signed out opens login and returns there after', async ({ page, request }) => {
  // an account made through the API, as a returning user
  const email = `guard-${Date.now()}@souk.test`;
  const base = test.info().project.use.baseURL!;
  const start = await request.post('/api/iam/signup/email/start', {
    headers: { Origin: base },
    data: { firstName: 'Omar', lastName: 'Fassi', email, password: PASSWORD, dateOfBirth: '1990-01-01' },
  });
  expect(start.ok()).toBe(true);
  const complete = await request.post('/api/iam/signup/email/complete', {
    headers: { Origin: base },
    data: { email, code: await codeFromOutbox(email) },
  });
  expect(complete.ok()).toBe(true);

  await page.goto('/profile/sessions');
  await expect(page).toHaveURL(/\/login\?go=profile%2Fsessions$/);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/profile\/sessions$/);
  await expect(page.getByRole('heading', { name: 'Devices and sessions' })).toBeVisible();
  // the API signup above is another session; this browser's is marked
  await expect(page.getByTestId('session')).toHaveCount(2);
  await expect(page.getByText('This device')).toBeVisible();
});
