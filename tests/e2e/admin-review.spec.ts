import { expect, test } from './support/fixtures';
import { signInAdmin } from './support/admin-session';

/**
 * The review queue end to end: a member reports a firm's blog post, an admin hides it with a reason, the public
 * page is the 404 page, the firm's owner is told why and appeals once, the appeal is back in the queue, and the
 * admin restores the post.
 */
test('a reported post is hidden, appealed by its author and restored', async ({ page, member: _reporter, othersFirm, browser }) => {
  // four browser contexts and an owner with a full catalogue: slow on a busy 2-core machine
  test.setTimeout(120_000);
  const post = othersFirm.post;

  await page.goto(`/profile/help/report?type=post&id=${post.id}&name=${encodeURIComponent(post.name)}`);
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByTestId('report-sent')).toBeVisible();

  const adminContext = await browser.newContext();
  const authorContext = await browser.newContext({ storageState: await othersFirm.ownerRequest.storageState() });
  const visitor = await browser.newContext();
  try {
    await signInAdmin(adminContext.request);
    const admin = await adminContext.newPage();
    await admin.goto('/fladmin');
    const group = admin.getByRole('list', { name: 'Review queue' }).getByRole('listitem').filter({ hasText: post.name });
    await expect(group).toContainText('Reported 1 time by 1 member');
    await expect(group).toContainText('What changed this season.');
    await group.getByLabel('Reason, sent to the member').fill('Misleading offer');
    await group.getByRole('button', { name: 'Hide' }).click();
    await expect(group).toBeHidden();

    const reader = await visitor.newPage();
    await reader.goto(`/blog/${post.shortId}`);
    await expect(reader.getByRole('heading', { name: '404' })).toBeVisible();
    expect((await visitor.request.get(`/api/public/blog-posts/sid/${post.shortId}`)).status()).toBe(404);

    const author = await authorContext.newPage();
    await author.goto('/profile/notifications');
    const note = author.getByTestId('notification').filter({ hasText: 'Your content was hidden' });
    await expect(note).toContainText('Misleading offer');
    await note.click();
    await expect(author).toHaveURL(/\/profile\/help\/moderation\/[\w-]+$/);
    await author.getByLabel('Why should the moderators look again?').fill('The offer is real: ask our customers.');
    await author.getByRole('button', { name: 'Send appeal' }).click();
    await expect(author.getByTestId('appeal-sent')).toBeVisible();

    await admin.reload();
    await expect(group).toContainText('The offer is real: ask our customers.');
    await group.getByLabel('Reason, sent to the member').fill('The appeal holds');
    await group.getByRole('button', { name: 'Restore' }).click();
    await expect(group).toBeHidden();
    await expect.poll(async () => (await visitor.request.get(`/api/public/blog-posts/sid/${post.shortId}`)).status()).toBe(200);
    await reader.goto(`/blog/${post.shortId}`);
    await expect(reader.getByRole('heading', { name: post.name })).toBeVisible();
  } finally {
    await Promise.all([adminContext.close(), authorContext.close(), visitor.close()]);
  }
});
