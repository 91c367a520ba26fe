import { expect, test, type Browser, type Page } from '@playwright/test';
import { logInWithForm } from './support/auth';
import { readAllNotifications, undoRelation } from './support/people';

/**
 * Friends through the UI: Marco asks Zoe (two demo members who do not know each other), Zoe's
 * bell shows it live, she accepts from the profile it leads to, each finds the other in
 * /profile/people; then Zoe blocks Marco, and her profile's private parts are gone for him.
 * A retry runs on the same database: the set-up first undoes what an earlier attempt left (the block, the friendship
 * or the request, the notifications it sent), so the two start as strangers with quiet bells.
 */
async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await logInWithForm(page, email);
  return page;
}

test('two people become friends through the UI; a block hides the profile’s private parts', async ({ browser }) => {
  // two logins and a dozen pages on a machine shared with another worker
  test.setTimeout(120_000);
  const marco = await signedIn(browser, 'marco@souk.test');
  const zoe = await signedIn(browser, 'zoe@souk.test');
  await undoRelation(zoe, 'marco.rossi');
  await undoRelation(marco, 'zoe.walker');
  await readAllNotifications(zoe);
  await readAllNotifications(marco);
  await zoe.reload();

  // Zoe is on her profile page, her bell quiet
  const bell = zoe.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('data-unread', '0');

  // Marco finds Zoe and asks
  await marco.goto('/profile/people?tab=find');
  await marco.getByTestId('people-search').fill('Zoe');
  const row = marco.getByTestId('person').filter({ hasText: 'Zoe' });
  await row.getByRole('button', { name: 'Add friend' }).click();
  await expect(row.getByRole('button', { name: /Requested/ })).toBeVisible();

  // Zoe's bell shows it without a reload (server-sent events)
  await expect(bell).toHaveAttribute('data-unread', '1');
  await bell.click();
  await expect(zoe).toHaveURL(/\/profile\/notifications$/);
  const note = zoe.getByTestId('notification').first();
  await expect(note).toContainText('New friend request');
  await expect(note).toContainText('Marco Rossi wants to be your friend.');
  await note.click();
  await expect(zoe).toHaveURL(/\/profile\/marco\.rossi$/);
  await zoe.getByRole('button', { name: 'Accept' }).click();
  await expect(zoe.getByRole('button', { name: /Friends/ })).toBeVisible();

  // each finds the other among their friends
  await marco.goto('/profile/people');
  await expect(marco.getByTestId('people-friends').getByText('Zoe Walker', { exact: true })).toBeVisible();
  await zoe.goto('/profile/people');
  await expect(zoe.getByTestId('people-friends').getByText('Marco Rossi', { exact: true })).toBeVisible();
  // Marco got word of it too
  await expect(marco.getByTestId('notification-bell')).toHaveAttribute('data-unread', '1');

  // as a friend, Marco sees Zoe's friends
  await marco.goto('/profile/zoe.walker');
  await expect(marco.getByTestId('profile-friends')).toContainText('Marco Rossi');

  // Zoe blocks Marco from his profile
  await zoe.goto('/profile/marco.rossi');
  await zoe.getByRole('button', { name: /Friends/ }).click();
  await zoe.getByRole('menuitem', { name: 'Block' }).click();
  await zoe.getByRole('alertdialog').getByRole('button', { name: 'Block' }).click();
  await expect(zoe.getByRole('button', { name: 'Unblock' })).toBeVisible();

  // Marco now gets what a stranger gets of a private profile: no friends, no saved places, no plans
  await marco.reload();
  await expect(marco.getByTestId('profile-hidden')).toBeVisible();
  await expect(marco.getByTestId('profile-friends')).toHaveCount(0);
  await expect(marco.getByRole('button', { name: 'Add friend' })).toHaveCount(0);
  // and Zoe is no longer among his friends, nor can he find her
  await marco.goto('/profile/people');
  await expect(marco.getByTestId('people-friends').getByText('Zoe Walker', { exact: true })).toHaveCount(0);
  await marco.goto('/profile/people?tab=find');
  await marco.getByTestId('people-search').fill('Zoe');
  await expect(marco.getByText('No matches')).toBeVisible();
});
