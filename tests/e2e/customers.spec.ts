import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type Page } from '@playwright/test';
import { memberContext, test } from './support/fixtures';
import { payAndOpenOrder } from './support/payments';
import { storeLanguage } from './support/storage';
import { openWorkspace } from './support/workspace';

/**
 * The workspace's customers: a buyer pays for the firm's product, follows it and agrees to its marketing
 * mail on their Following page; the owner finds them in the list with what they spent, tags them and writes a note in their drawer, filters the list by the tag and
 * downloads it as CSV. A staff member of the firm gets the messages only, and the API refuses them the
 * list. The firm and the people are this run's own.
 */
// the workspace's pages load lazily: on a busy machine the first paint can take a while
const expect = baseExpect.configure({ timeout: 30_000 });

/** axe's serious and critical findings on the page as it is (WCAG 2.1 A and AA). */
async function blockingViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

test('the owner sees a buyer, tags them, filters by the tag and exports the list; staff are refused', async ({ page, firm, browser }) => {
  test.setTimeout(120_000);
  const origin = { Origin: test.info().project.use.baseURL! };

  const buyer = await memberContext(browser, 'Salma');
  const added = await buyer.context.request.put('/api/user/cart/items', {
    headers: origin,
    data: { itemType: 'product', itemId: firm.product.id, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const order = await buyer.context.request.post(`/api/user/orders/cart/${firm.id}`, {
    headers: { ...origin, 'Idempotency-Key': `customers-${Date.now()}` },
    data: { expectedTotal: 1200, currency: 'EUR' },
  });
  expect(order.status(), await order.text()).toBe(201);
  await buyer.page.goto(((await order.json()) as { redirectUrl: string }).redirectUrl);
  await payAndOpenOrder(buyer.page);
  // they follow the firm and, on their Following page, agree to its marketing mail
  const followed = await buyer.context.request.put(`/api/user/follows/${firm.id}`, { headers: origin });
  expect(followed.ok(), await followed.text()).toBe(true);
  await buyer.page.goto('/profile/following');
  const consent = buyer.page.getByRole('checkbox', { name: `Email me news and offers from ${firm.name}` });
  await expect(consent).not.toBeChecked();
  const consented = buyer.page.waitForResponse((response) => response.url().endsWith('/marketing') && response.ok());
  await consent.check();
  await consented;
  await expect(consent).toBeChecked();
  await buyer.context.close();

  const buyerName = `${buyer.member.firstName} ${buyer.member.lastName}`;
  await openWorkspace(page, '/workspace/customers', firm.name, page.getByRole('heading', { name: 'Customers', level: 1 }));
  const row = page.getByTestId('customer-row').filter({ hasText: buyerName });
  await expect(row).toContainText('12.00');

  await row.getByRole('button', { name: buyerName }).click();
  const drawer = page.getByRole('dialog', { name: buyerName });
  await expect(drawer.getByTestId('customer-detail')).toContainText('Paid');
  await drawer.getByLabel('Notes', { exact: true }).fill('Asks for gift wrapping');
  await drawer.getByLabel('Tags', { exact: true }).fill('vip, soap lover');
  await drawer.getByRole('button', { name: 'Save the notes' }).click();
  await expect(page.getByText('The notes are saved.')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('vip');

  await page.getByLabel('Tag', { exact: true }).selectOption('vip');
  await expect(page.getByTestId('customers-count')).toHaveText('1 customer');
  await expect(page.getByTestId('customer-row')).toHaveCount(1);
  await expect(page.getByTestId('customer-row')).toContainText(buyerName);
  // the filter is in the address: a reload keeps it
  await expect(page).toHaveURL(/[?&]tag=vip/);
  await page.reload();
  await expect(page.getByLabel('Tag', { exact: true })).toHaveValue('vip');
  await expect(page.getByTestId('customers-count')).toHaveText('1 customer');

  const downloading = page.waitForEvent('download');
  await page.getByTestId('customers-csv').click();
  const csv = await readFile((await (await downloading).path())!, 'utf8');
  expect(csv).toContain('Name,Username,Email,Total spent');
  expect(csv).toContain(`${buyerName},`);
  expect(csv).toContain('12.00,EUR,1,0,0,yes,yes');
  expect(csv).toContain('"soap lover, vip",Asks for gift wrapping');
  expect(csv.trim().split('\r\n')).toHaveLength(2);

  // on a phone, in Arabic and the dark theme: each customer a card, right to left, and axe finds nothing serious
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await storeLanguage(page, 'ar');
  await page.goto('/workspace/customers');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'العملاء', level: 1 })).toBeVisible();
  const card = page.getByTestId('customer-row').filter({ hasText: buyerName });
  await expect(card).toContainText('نعم');
  const found = await blockingViolations(page);
  await card.getByRole('button', { name: buyerName }).click();
  await expect(page.getByTestId('customer-detail')).toContainText('مدفوع');
  found.push(...(await blockingViolations(page)));
  expect(found).toEqual([]);

  // a staff member: the page is their messages; the list is not theirs to see
  const staff = await memberContext(browser, 'Yassine');
  const invited = await page.request.post(`/api/dashboard/team/invitations?firmId=${firm.id}`, {
    headers: origin,
    data: { email: staff.member.email, userRole: 'STAFF', profession: 'Host' },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const received = (await (await staff.context.request.get('/api/business/invitations')).json()) as { id: string }[];
  const accepted = await staff.context.request.post(`/api/business/invitations/${received[0].id}/accept`, { headers: origin, data: {} });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  await openWorkspace(staff.page, '/workspace/customers', firm.name, staff.page.getByRole('heading', { name: 'Messages', level: 1 }));
  await expect(staff.page.getByTestId('customers')).toHaveCount(0);
  await expect(staff.page.getByRole('navigation', { name: 'Customers and messages' })).toHaveCount(0);
  const refused = await staff.context.request.get(`/api/dashboard/customers?firmId=${firm.id}`);
  expect(refused.status()).toBe(403);
  await staff.context.close();
});
