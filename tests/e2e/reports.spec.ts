import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import type { CheckoutAnswer } from '../../src/shared/orders';
import type { AuthResponse } from '../../src/shared/user';
import { expect, test, uniqueTag } from './support/fixtures';
import { payInSandbox, upgradeToGrowth } from './support/payments';
import { openWorkspace } from './support/workspace';

/**
 * The reports page, for an owner on the Growth plan whose browser is in another time zone than the firm: two
 * tickets bought and paid today show in the figures, the chart's table and the CSV download, and they all agree.
 * The buyer's order page prints as a receipt.
 */
const headers = () => ({ Origin: test.info().project.use.baseURL! });

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

test.use({ timezoneId: 'Pacific/Auckland' });

test('today’s paid tickets add up the same on the page, in its table and in the CSV', async ({ page, firm }) => {
  test.setTimeout(120_000);
  await upgradeToGrowth(page, firm.id);
  const { request } = page;
  const draft = await ok<{ id: string; shortId: string }>(
    await request.post(`/api/dashboard/events/create?firmId=${firm.id}`, { headers: headers() }),
  );
  await ok(
    await request.put('/api/dashboard/events', {
      headers: headers(),
      data: {
        id: draft.id,
        name: `Report night ${uniqueTag()}`,
        description: 'A night to count.',
        typeKey: 'concert',
        startDateTime: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        venue: '12 Rue des Artisans',
        capacity: 40,
        currency: 'EUR',
        ticketCategories: [{ name: 'Floor', price: 1500, capacity: 40 }],
      },
    }),
  );
  await ok(await request.patch(`/api/dashboard/events/${draft.id}/status`, { headers: headers(), data: { statusCode: 1 } }));
  const tier = (await ok<{ ticketCategories: { id: string }[] }>(await request.get(`/api/public/events/sid/${draft.shortId}`)))
    .ticketCategories[0];
  const me = (await ok<AuthResponse>(await request.get('/api/iam/auth/check-session'))).user!;
  for (let i = 0; i < 2; i += 1) {
    const answer = await ok<CheckoutAnswer>(
      await request.post('/api/user/orders/tickets', {
        headers: { ...headers(), 'Idempotency-Key': `report-${uniqueTag()}` },
        data: { eventId: draft.id, categoryId: tier.id, holderIds: [me.id], addons: [], expectedTotal: 1500, currency: 'EUR' },
      }),
    );
    await page.goto(answer.redirectUrl!);
    await payInSandbox(page);
    await expect(page).toHaveURL(/\/profile\/orders\/SK-/);
  }
  // the buyer's side of the same sale: the order page prints as a receipt, without the app around it
  const print = page.getByRole('button', { name: 'Print the receipt' });
  await expect(print).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(print).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByTestId('order-total')).toBeVisible();
  expect((await page.pdf({ width: '80mm', height: '200mm' })).length).toBeGreaterThan(1000);
  await page.emulateMedia({ media: 'screen' });

  await openWorkspace(page, '/workspace/reports', firm.name, page.getByRole('heading', { name: 'Reports', level: 1 }));
  await page.getByRole('tab', { name: 'Today' }).click();
  const totals = page.getByTestId('report-totals');
  await expect(totals.locator('[data-figure="gross"] dd')).toContainText('€30.00');
  await expect(totals.locator('[data-figure="orders"] dd')).toHaveText('2');
  await expect(totals.locator('[data-figure="tickets"] dd')).toHaveText('2');
  await expect(totals.locator('[data-figure="net"] dd')).toContainText('€30.00');
  // the chart and its table: one day, the same figures
  await expect(page.getByTestId('sales-chart').locator('canvas')).toBeVisible();
  const rows = page.getByTestId('report-series-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('€30.00');
  await expect(page.getByRole('region', { name: 'Best sellers' })).toContainText('Floor');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the figures (CSV)' }).click(),
  ]);
  const csv = (await readFile(await download.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(csv).toHaveLength(2);
  expect(csv[1]).toMatch(/^\d{4}-\d{2}-\d{2},30\.00,0\.00,30\.00,2,2,EUR$/);
});
