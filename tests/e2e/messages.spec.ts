import { DEMO_PASSWORD, logInWithForm } from './support/auth';
import { expect, test } from './support/fixtures';

/**
 * A customer writes to a firm from its page (signed out: the login first, then straight back to
 * the conversation); the firm's owner answers from /workspace/customers; the answer appears in the
 * customer's open page without a reload (server-sent events), and the unread counts follow. The customer, the
 * firm and its owner are new each run.
 */
test('a customer messages a firm and the owner’s reply arrives live in the customer’s open page', async ({
  browser,
  account,
  othersFirm,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const question = `Do you have a table for two on Friday? (${stamp})`;
  const answer = `Yes, we keep one by the window for you. (${stamp})`;

  // ---- the customer, signed out, taps 'Message' on the firm page ----
  const customerContext = await browser.newContext({ locale: 'en-US' });
  const customer = await customerContext.newPage();
  await customer.goto(`/${othersFirm.username}`);
  await customer.getByTestId('message-firm').click();
  await expect(customer).toHaveURL(/\/login\?go=/);
  const form = customer.locator('form');
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  // back from the login, the conversation with the firm is open
  await expect(customer).toHaveURL(/\/profile\/messages\/[\w-]+$/);
  await expect(customer.getByRole('heading', { name: othersFirm.name, level: 1 })).toBeVisible();
  // nothing is sent empty or too long
  await customer.getByRole('button', { name: 'Send' }).click();
  await expect(customer.getByText('Write something first.')).toBeVisible();
  await customer.getByLabel('Your message').fill(question);
  await customer.getByRole('button', { name: 'Send' }).click();
  await expect(customer.getByTestId('message').filter({ hasText: question })).toBeVisible();
  await expect(customer.getByLabel('Your message')).toHaveValue('');

  // ---- the owner opens the workspace inbox ----
  const ownerContext = await browser.newContext({ locale: 'en-US' });
  const owner = await ownerContext.newPage();
  await logInWithForm(owner, othersFirm.owner.email);
  await owner.goto('/business');
  await owner.getByRole('button', { name: `Open the workspace of ${othersFirm.name}` }).click();
  await expect(owner).toHaveURL(/\/workspace\/home$/);
  await owner.getByRole('link', { name: 'Customers' }).first().click();
  await expect(owner).toHaveURL(/\/workspace\/customers/);
  // the customer list opens first; their messages are the page's other tab
  await owner.getByRole('navigation', { name: 'Customers and messages' }).getByRole('link', { name: 'Messages' }).click();
  const row = owner.getByTestId('conversation-row').filter({ hasText: `${account.firstName} ${account.lastName}` });
  await expect(row).toContainText(question);
  await row.click();
  await expect(owner.getByTestId('thread').getByText(question)).toBeVisible();
  // opened: no longer unread
  await expect(row.locator('[aria-label*="unread"]')).toHaveCount(0);
  await owner.getByLabel('Your message').fill(answer);
  await owner.getByRole('button', { name: 'Send' }).click();
  await expect(owner.getByTestId('thread').getByText(answer)).toBeVisible();

  // ---- the customer's open page shows it without a reload ----
  const reply = customer.getByTestId('message').filter({ hasText: answer });
  await expect(reply).toBeVisible({ timeout: 15_000 });
  await expect(reply).toHaveAttribute('data-mine', 'false');
  // and the list of conversations has it, read
  await customer.goto('/profile/messages');
  const mine = customer.getByTestId('conversation-row').filter({ hasText: othersFirm.name });
  await expect(mine).toContainText(answer);
  await expect(mine.locator('[aria-label*="unread"]')).toHaveCount(0);

  await customerContext.close();
  await ownerContext.close();
});
