import sharp from 'sharp';
import { logInWithForm } from './support/auth';
import { expect, memberContext, test } from './support/fixtures';

/**
 * A customer sends a picture to a firm; the owner, whose conversation page is open, sees it arrive
 * without a reload (server-sent events), loaded through the conversation's private route, and
 * opens the large rendition. Signed out, the same image address answers nothing. The customer, the firm and its
 * owner are new each run.
 */
test('a customer sends a picture and the owner’s open conversation shows it live', async ({ browser, othersFirm }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const question = `Is this the cake you sell? (${stamp})`;

  // ---- the customer opens the conversation and says hello (so it is in the firm's inbox) ----
  const { context: customerContext, page: customer, member } = await memberContext(browser, 'Amina', { locale: 'en-US' });
  await customer.goto(`/${othersFirm.username}`);
  await customer.getByTestId('message-firm').click();
  await expect(customer).toHaveURL(/\/profile\/messages\/[\w-]+$/);
  await customer.getByLabel('Your message').fill(`Hello (${stamp})`);
  await customer.getByRole('button', { name: 'Send' }).click();
  await expect(customer.getByTestId('message').filter({ hasText: `Hello (${stamp})` })).toBeVisible();

  // ---- the owner opens that conversation in the workspace ----
  const ownerContext = await browser.newContext({ locale: 'en-US' });
  const owner = await ownerContext.newPage();
  await logInWithForm(owner, othersFirm.owner.email);
  await owner.goto('/business');
  await owner.getByRole('button', { name: `Open the workspace of ${othersFirm.name}` }).click();
  await expect(owner).toHaveURL(/\/workspace\/home$/);
  // the nav counts the unread customer messages; reading the conversation empties it
  await expect(owner.getByTestId('customers-unread').first()).toHaveText(/\d+/);
  await owner
    .getByRole('link', { name: /^Customers/ })
    .first()
    .click();
  // the customer list opens first; their messages are the page's other tab
  await owner.getByRole('navigation', { name: 'Customers and messages' }).getByRole('link', { name: 'Messages' }).click();
  await owner
    .getByTestId('conversation-row')
    .filter({ hasText: `${member.firstName} ${member.lastName}` })
    .click();
  await expect(owner.getByTestId('thread').getByText(`Hello (${stamp})`)).toBeVisible();
  await expect(owner.getByTestId('customers-unread')).toHaveCount(0);

  // ---- the customer attaches a picture: a preview with its upload, then sends it with a text ----
  const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#d35400' } })
    .png()
    .toBuffer();
  await customer.getByTestId('attach-input').setInputFiles({ name: 'cake.png', mimeType: 'image/png', buffer: picture });
  const pendingImage = customer.getByTestId('pending-image');
  await expect(pendingImage).toHaveCount(1);
  await expect(pendingImage.locator('progress')).toHaveCount(0, { timeout: 15_000 });
  await customer.getByLabel('Your message').fill(question);
  await customer.getByRole('button', { name: 'Send' }).click();
  const sent = customer.getByTestId('message').filter({ hasText: question });
  await expect(sent.getByTestId('message-image')).toBeVisible();
  await expect(customer.getByTestId('pending-image')).toHaveCount(0);

  // ---- the owner's open page shows it without a reload, loaded from the private route ----
  const received = owner.getByTestId('message').filter({ hasText: question });
  const image = received.getByTestId('message-image');
  await expect(image).toBeVisible({ timeout: 15_000 });
  await expect(image).toHaveAttribute('src', /^\/api\/dashboard\/conversations\/[\w-]+\/attachments\/msg_[0-9a-f]{32}\/small\.webp$/);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
  // pressed, the large rendition opens in the image modal
  await received.getByRole('button', { name: 'Open the image' }).click();
  const large = owner.getByRole('dialog').locator('img');
  await expect(large).toHaveAttribute('src', /\/large\.webp$/);
  await expect.poll(() => large.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(900);

  // ---- the owner leaves the inbox; the next message counts in the nav at once (live, no reload) ----
  await owner.keyboard.press('Escape');
  await expect(owner.getByRole('dialog')).toHaveCount(0);
  await owner.getByRole('link', { name: /^Home/ }).first().click();
  await expect(owner).toHaveURL(/\/workspace\/home$/);
  await expect(owner.getByTestId('customers-unread')).toHaveCount(0);
  await customer.getByLabel('Your message').fill(`One more thing (${stamp})`);
  await customer.getByRole('button', { name: 'Send' }).click();
  await expect(owner.getByTestId('customers-unread').first()).toHaveText(/^1/, { timeout: 15_000 });

  // ---- nobody else reads it: signed out, the customer's address of the image answers 401 ----
  const src = (await sent.getByTestId('message-image').getAttribute('src'))!;
  const strangerContext = await browser.newContext();
  const anonymous = await strangerContext.request.get(src);
  expect(anonymous.status()).toBe(401);
  const publicMedia = await strangerContext.request.get(`/media/${src.split('/attachments/')[1]}`);
  expect(publicMedia.status()).toBe(404);

  await strangerContext.close();
  await customerContext.close();
  await ownerContext.close();
});
