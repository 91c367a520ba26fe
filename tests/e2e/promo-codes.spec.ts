import { expect as baseExpect } from '@playwright/test';
import { addEvent, memberContext, test, uniqueTag } from './support/fixtures';
import { payAndOpenOrder } from './support/payments';
import { openWorkspace } from './support/workspace';

/**
 * A promo code end to end: the owner creates a 20 % code for one of the firm's events in the workspace;
 * a buyer types it in the ticket purchase form, sees the discounted total before paying, pays in the
 * payment sandbox, and the order shows the discount; the owner's list counts the use. The firm and both
 * people are this run's own (made through the API).
 */
// the workspace's pages load lazily: on a busy machine the first paint can take a while
const expect = baseExpect.configure({ timeout: 30_000 });

test('the owner makes a 20 % code for an event; a buyer pays the discounted total and the order shows it', async ({
  page,
  firm,
  browser,
}) => {
  test.setTimeout(90_000);
  const code = `SPRING${uniqueTag()}`.slice(0, 32).toUpperCase();

  await openWorkspace(page, '/workspace/promotions', firm.name, page.getByRole('heading', { name: 'Promo codes', level: 1 }));
  const form = page.getByRole('form', { name: 'New code' });
  await form.getByLabel('Code', { exact: true }).fill(code);
  await form.getByLabel('Percentage off').fill('20');
  await form.getByRole('radio', { name: 'Only what I choose' }).check();
  await form.getByRole('checkbox', { name: firm.event.name }).check();
  await form.getByRole('button', { name: 'Create the code' }).click();
  await expect(form.getByRole('status')).toContainText(code);
  const row = page.getByTestId('promo-codes').getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('20 %');
  await expect(row).toContainText(firm.event.name);
  await expect(row).toContainText('0 (no limit)');

  const buyer = await memberContext(browser, 'Salma');
  await buyer.page.goto(`/event/${firm.event.shortId}`);
  const purchase = buyer.page.getByTestId('purchase-form');
  // the server-rendered button answers once the page has hydrated
  await expect(async () => {
    await buyer.page.getByTestId('ticket-category').getByRole('button', { name: 'Get Tickets' }).first().click();
    await baseExpect(purchase).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await expect(purchase.getByTestId('purchase-total')).toContainText('15.00');
  // typed in lower case: the firm's code all the same
  await purchase.getByLabel('Promo code').fill(code.toLowerCase());
  await purchase.getByRole('button', { name: 'Apply' }).click();
  await expect(purchase.getByTestId('purchase-discount')).toContainText(`Discount (${code})`);
  await expect(purchase.getByTestId('purchase-discount')).toContainText('3.00');
  await expect(purchase.getByTestId('purchase-total')).toContainText('12.00');
  await purchase.getByRole('button', { name: 'Proceed' }).click();
  await payAndOpenOrder(buyer.page);
  await expect(buyer.page.getByTestId('order-status')).toHaveText('Paid');
  await expect(buyer.page.getByTestId('order-discount')).toContainText('3.00');
  await expect(buyer.page.getByTestId('order-total')).toContainText('12.00');
  await buyer.context.close();

  await page.reload();
  await expect(page.getByTestId('promo-codes').getByRole('row').filter({ hasText: code })).toContainText('1 (no limit)');
});

test('a code for one ticket tier: the owner ticks the tier under its event; it takes nothing off another tier', async ({
  page,
  firm,
  browser,
}) => {
  // an event of its own first, then the workspace: a longer run than the code for a whole event
  test.setTimeout(150_000);
  const code = `BALCONY${uniqueTag()}`.slice(0, 32).toUpperCase();
  const eventName = `Two floors ${uniqueTag()}`;
  const event = await addEvent(page.request, firm.id, eventName, {
    ticketCategories: [
      { name: 'Standard', price: 1500, capacity: 40 },
      { name: 'Balcony', price: 2500, capacity: 20 },
    ],
  });

  await openWorkspace(page, '/workspace/promotions', firm.name, page.getByRole('heading', { name: 'Promo codes', level: 1 }));
  const form = page.getByRole('form', { name: 'New code' });
  await form.getByLabel('Code', { exact: true }).fill(code);
  await form.getByLabel('Percentage off').fill('20');
  await form.getByRole('radio', { name: 'Only what I choose' }).check();
  // the tiers' group is named with their event
  const tiers = form.getByRole('group', { name: eventName });
  await tiers.getByRole('checkbox', { name: 'Balcony' }).check();
  await form.getByRole('button', { name: 'Create the code' }).click();
  await expect(form.getByRole('status')).toContainText(code);
  await expect(page.getByTestId('promo-codes').getByRole('row').filter({ hasText: code })).toContainText(`${eventName} — Balcony`);

  const buyer = await memberContext(browser, 'Lina');
  await buyer.page.goto(`/event/${event.shortId}`);
  const purchase = buyer.page.getByTestId('purchase-form');
  await expect(async () => {
    await buyer.page.getByTestId('ticket-category').getByRole('button', { name: 'Get Tickets' }).first().click();
    await baseExpect(purchase).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await purchase.getByLabel('Promo code').fill(code);
  await purchase.getByRole('button', { name: 'Apply' }).click();
  await expect(purchase.getByText('This code does not apply to anything chosen here.')).toBeVisible();
  await expect(purchase.getByTestId('purchase-total')).toContainText('15.00');
  await purchase.getByLabel('Ticket tier').selectOption({ index: 1 });
  await expect(purchase.getByTestId('purchase-discount')).toContainText('5.00');
  await expect(purchase.getByTestId('purchase-total')).toContainText('20.00');
  await buyer.context.close();
});
