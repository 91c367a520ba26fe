import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { codeFromOutbox } from './support/auth';

/**
 * The owner's side, as two people would live it in two browsers: a new user signs up,
 * creates a firm with a cover image, sees its public page and QR card, invites a second user as
 * staff; the second user accepts and works with staff rights only (locked areas, the 403 text);
 * the owner removes them, and their very next action is refused.
 */
const PASSWORD = 'olive-grove-at-dawn';

async function signUpWithForm(page: Page, first: string, last: string, email: string) {
  await page.goto('/signup');
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Date of birth').fill('1990-05-14');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Code').fill(await codeFromOutbox(email));
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

/** Signs up through the API in the context's cookie jar: its pages are signed in. */
async function signUpWithApi(request: APIRequestContext, first: string, email: string) {
  const origin = { Origin: test.info().project.use.baseURL! };
  const start = await request.post('/api/iam/signup/email/start', {
    headers: origin,
    data: { firstName: first, lastName: 'Berrada', email, password: PASSWORD, dateOfBirth: '1996-02-02' },
  });
  expect(start.ok()).toBe(true);
  const complete = await request.post('/api/iam/signup/email/complete', {
    headers: origin,
    data: { email, code: await codeFromOutbox(email) },
  });
  expect(complete.ok()).toBe(true);
}

test('create a firm, share its QR card, invite staff, staff rights only, removal refuses the next action', async ({ browser }) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const ownerEmail = `owner-${stamp}@souk.test`;
  const staffEmail = `staff-${stamp}@souk.test`;
  const username = `atlas-${stamp}`;

  // ---- the owner signs up and creates a firm with a cover image ----
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signUpWithForm(owner, 'Nadia', 'Alaoui', ownerEmail);
  await owner.goto('/');
  await owner.getByRole('link', { name: 'Create a Page for Your Business' }).click();
  await expect(owner).toHaveURL(/\/create-firm$/);
  await expect(owner.getByRole('heading', { name: 'Create a page for your business' })).toBeVisible();

  await owner.getByLabel('Name', { exact: true }).fill('Atlas Coffee Roasters');
  // the username follows the name until edited, and is checked as it is typed
  await expect(owner.getByLabel('Username')).toHaveValue('atlas-coffee-roasters');
  await owner.getByLabel('Username').fill('explore');
  await expect(owner.getByText('This word is reserved by Souk.')).toBeVisible();
  await owner.getByLabel('Username').fill(username);
  await expect(owner.getByText('This username is free.')).toBeVisible();
  await owner.getByLabel('Industry').selectOption({ label: 'Food & Beverage' });
  await owner.getByLabel('Category').selectOption({ index: 1 });
  await owner.getByLabel('Description').fill('Single-origin beans roasted every morning, and a quiet terrace.');
  const cover = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#8a5a3c' } })
    .png()
    .toBuffer();
  await owner.locator('#cover-file').setInputFiles({ name: 'terrace.png', mimeType: 'image/png', buffer: cover });
  await owner.getByLabel('Street and number').fill('14 Rue des Potiers');
  await owner.getByLabel('City', { exact: true }).fill('Rabat');
  await owner.getByLabel('Country', { exact: true }).fill('Morocco');
  await owner.getByLabel('Time zone', { exact: true }).selectOption('Africa/Casablanca');
  await owner.getByLabel('Phone', { exact: true }).fill('+212 537 00 00 00');
  await owner.getByRole('button', { name: 'Create the page' }).click();

  await expect(owner).toHaveURL(/\/workspace\/home$/);
  await expect(owner.getByRole('heading', { name: 'Atlas Coffee Roasters' })).toBeVisible();
  await expect(owner.getByText('Atlas Coffee Roasters is online.')).toBeVisible();
  await expect(owner.getByText(/created Atlas Coffee Roasters/)).toBeVisible();

  // the public page is there at once, with the cover
  const publicPage = await ownerContext.newPage();
  await publicPage.goto(`/${username}`);
  await expect(publicPage.getByRole('heading', { name: 'Atlas Coffee Roasters', level: 1 })).toBeVisible();
  await expect(publicPage.locator('img[src*="/media/"]').first()).toBeVisible();
  await publicPage.close();

  // the QR card: a real QR code of the page, downloads, a table card to print
  // the home's quick link (the first steps name the same page)
  await owner.getByRole('link', { name: 'QR code' }).first().click();
  await expect(owner).toHaveURL(/\/workspace\/business-profile#qr$/);
  const code = owner.getByRole('img', { name: 'QR code of the page of Atlas Coffee Roasters' });
  await expect(code).toBeVisible();
  await expect.poll(() => code.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(owner.getByText('Scan to see our page')).toBeVisible();
  await expect(owner.getByText(`/${username}`, { exact: false }).first()).toBeVisible();
  await expect(owner.getByRole('link', { name: 'Download SVG' })).toHaveAttribute('href', /qr\.svg\?firmId=/);
  await expect(owner.getByRole('button', { name: 'Print the table card' })).toBeVisible();
  const svg = await owner.request.get((await owner.getByRole('link', { name: 'Download SVG' }).getAttribute('href'))!);
  expect(svg.headers()['content-type']).toBe('image/svg+xml');

  // ---- the owner invites a second user as staff ----
  const staffContext = await browser.newContext();
  await signUpWithApi(staffContext.request, 'Karim', staffEmail);
  await owner.getByRole('link', { name: 'Team', exact: true }).click();
  await owner.getByRole('link', { name: 'Invite someone' }).click();
  await owner.getByLabel('Email address').fill(staffEmail);
  await owner.getByLabel('Role').selectOption({ label: 'Staff' });
  await owner.getByLabel('Profession').fill('Barista');
  await owner.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(owner).toHaveURL(/\/workspace\/team$/);
  await expect(owner.getByText(`Karim Berrada is invited.`)).toBeVisible();
  await expect(owner.getByText('1 invitation waiting')).toBeVisible();

  // ---- the second user accepts from their business list and works with staff rights ----
  const staff = await staffContext.newPage();
  // signed in by the sign-up (its session cookie is the context's)
  await staff.goto('/profile');
  await staff.getByRole('link', { name: 'My businesses' }).click();
  await expect(staff).toHaveURL(/\/business$/);
  const invitation = staff.getByRole('article', { name: 'Invitation to join Atlas Coffee Roasters' });
  await expect(invitation.getByText('Nadia Alaoui invites you as Staff')).toBeVisible();
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await expect(staff).toHaveURL(/\/workspace\/home$/);
  await expect(staff.getByRole('heading', { name: 'Atlas Coffee Roasters' })).toBeVisible();

  const navigation = staff.getByRole('navigation', { name: 'Workspace' });
  // what staff may not open is folded at the end of the drawer
  await expect(navigation.getByRole('link', { name: 'Settings Locked by your role' })).toBeHidden();
  await navigation.getByText(/^Not open to your role \(\d+\)$/).click();
  await expect(navigation.getByRole('link', { name: 'Settings Locked by your role' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Business profile Locked by your role' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: /^Team$/ })).toBeVisible();
  await navigation.getByRole('link', { name: 'Settings Locked by your role' }).click();
  await expect(staff.getByText("You don't have permission.")).toBeVisible();
  await expect(staff.getByText('This area is for owners. Your role here is Staff.')).toBeVisible();
  // the team is readable, inviting is not offered
  await navigation.getByRole('link', { name: /^Team$/ }).click();
  await expect(staff.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect(staff.getByRole('link', { name: 'Invite someone' })).toHaveCount(0);
  await expect(staff.getByText('2 members')).toBeVisible();

  // ---- the owner removes them; their very next action is refused ----
  await owner.reload();
  await owner.getByRole('link', { name: /Karim Berrada/ }).click();
  // saving remounts the member's panel (it is keyed by what was saved): the toast still comes
  await owner.getByRole('textbox', { name: 'Profession' }).fill('Head barista');
  await owner.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(owner.getByText('Karim Berrada is saved.')).toBeVisible();
  await expect(owner.getByRole('textbox', { name: 'Profession' })).toHaveValue('Head barista');
  await owner.getByRole('button', { name: 'Remove from the team' }).click();
  await owner.getByRole('alertdialog').getByRole('button', { name: 'Remove from the team' }).click();
  await expect(owner.getByText('Karim Berrada is no longer on the team.')).toBeVisible();

  await navigation.getByRole('link', { name: 'My role' }).click();
  await staff.getByRole('link', { name: /^Home$/ }).click();
  await expect(staff.getByRole('region', { name: 'Notifications' }).getByText("You don't have permission.")).toBeVisible();
  await expect(staff.getByText('You no longer have access to this business.')).toBeVisible();
  // in no business any more: the way to create one, not a choice of none
  await expect(staff.getByRole('heading', { name: 'Create your first business', level: 1 })).toBeVisible();

  await ownerContext.close();
  await staffContext.close();
});
