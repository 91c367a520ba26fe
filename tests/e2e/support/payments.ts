import { expect, test, type Page } from '@playwright/test';

/** On the sandbox payment page: pays by card (4242 4242 4242 4242 is approved) and submits. */
export async function payInSandbox(page: Page, cardNumber = '4242 4242 4242 4242'): Promise<void> {
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/pay\//);
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** Pays by an approved card and waits for the buyer's order page; returns the order's reference. */
export async function payAndOpenOrder(page: Page): Promise<string> {
  await payInSandbox(page);
  await expect(page).toHaveURL(/\/profile\/orders\/SK-[0-9A-Z]{6}\?from=payment/);
  return /SK-[0-9A-Z]{6}/.exec(page.url())![0];
}

/** Moves the firm to the Growth plan (reports, the kitchen, bookings, more menus), paid in the payment sandbox. */
export const upgradeToGrowth = (page: Page, firmId: string) => upgradeTo(page, firmId, 'growth');

/** Moves the firm to `plan`, paid in the payment sandbox, and waits until the firm is on it. */
export async function upgradeTo(page: Page, firmId: string, plan: 'growth' | 'premium'): Promise<void> {
  const change = await page.request.post(`/api/dashboard/subscription/change?firmId=${firmId}`, {
    headers: { Origin: test.info().project.use.baseURL! },
    data: { plan },
  });
  expect(change.ok(), await change.text()).toBe(true);
  await page.goto(((await change.json()) as { redirectUrl: string }).redirectUrl);
  await payInSandbox(page);
  // the provider's step hands the tab back to the billing page: a navigation the caller's next goto must not cut into
  await page.waitForURL(/\/workspace\/billing\?order=/);
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/dashboard/firms/dash-firm?firmId=${firmId}`)).json()) as {
            subscriptionInfoDto?: { plan?: string };
          }
        ).subscriptionInfoDto?.plan,
      { timeout: 15_000 },
    )
    .toBe(plan);
}
