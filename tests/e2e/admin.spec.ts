import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './support/auth';
import { signInAdmin } from './support/admin-session';
import { memberContext } from './support/fixtures';

/**
 * The operator's area: the platform admin playwright.config.ts names, the flags switched at run time. This spec
 * runs after every other (its own project), since switching signup off touches the whole server.
 */
const origin = () => ({ Origin: test.info().project.use.baseURL! });

const signupStart = (request: APIRequestContext) =>
  request.post('/api/iam/signup/email/start', {
    headers: origin(),
    data: {
      firstName: 'Late',
      lastName: 'Comer',
      email: `late-${Date.now()}@souk.test`,
      password: DEMO_PASSWORD,
      dateOfBirth: '1990-04-04',
    },
  });

test('the admin area is the 404 page for a member', async ({ browser }) => {
  const { context, page } = await memberContext(browser);
  await page.goto('/fladmin');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  expect((await context.request.get('/api/admin/me')).status()).toBe(404);
  await context.close();
});

test('an admin switches SIGNUP off: an open signup tab goes to maintenance and the API refuses; on again, it works', async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  await signInAdmin(adminContext.request);
  const visitor = await browser.newContext();
  try {
    const signupTab = await visitor.newPage();
    await signupTab.goto('/signup');
    // the first visit loads the auth chunks: slow on a busy 2-core machine
    await expect(signupTab.getByRole('heading', { name: 'Create your account' })).toBeVisible({ timeout: 30_000 });

    const admin = await adminContext.newPage();
    await admin.goto('/fladmin');
    await expect(admin.getByRole('heading', { name: 'Admin', exact: true })).toBeVisible();
    await admin.getByLabel('Reason', { exact: true }).fill('e2e: signup maintenance');
    await admin.getByRole('button', { name: 'Switch SIGNUP off' }).click();
    await expect(admin.getByTestId('feature-SIGNUP')).toContainText('Off');

    // the open tab polls the flags: no reload
    await expect(signupTab).toHaveURL(/\/maintenance\?feature=SIGNUP$/, { timeout: 20_000 });
    await expect(signupTab.getByRole('heading', { name: /Sign-up Temporarily Unavailable/i })).toBeVisible();
    expect((await signupStart(visitor.request)).status()).toBe(503);

    await admin.getByRole('button', { name: 'Switch SIGNUP on' }).click();
    await expect(admin.getByTestId('feature-SIGNUP')).toContainText('On');
    await expect.poll(async () => (await signupStart(visitor.request)).status(), { timeout: 10_000 }).toBe(200);
    const log = admin.getByRole('list', { name: 'Audit log' });
    await expect(log.getByText('e2e: signup maintenance').first()).toBeVisible();
  } finally {
    // never leave signup off for a retry
    await adminContext.request.put('/api/admin/features/SIGNUP', { headers: origin(), data: { enabled: true, reason: 'e2e clean-up' } });
    await visitor.close();
    await adminContext.close();
  }
});
