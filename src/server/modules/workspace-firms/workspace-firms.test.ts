import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { insertPerson, login } from '../../testing/marketplace-fixtures';
import { insertShopOrder } from '../../testing/order-fixtures';
import { createTestContext } from '../../testing/test-app';
import { FIRM, useWorkspace } from '../../testing/workspace-fixtures';

const workspace = useWorkspace();

const newFirm = (username: string, extra: Record<string, unknown> = {}) => ({
  name: 'Dar Nour',
  username,
  industryKey: 'foodandbeverage',
  categoryKey: 'cafe',
  description: 'Mint tea and msemen on the old square.',
  addressLine: '12 Place du Marché',
  city: 'Fès',
  country: 'Morocco',
  latitude: 34.06,
  longitude: -4.97,
  timezone: 'Africa/Casablanca',
  openingHours: [{ day: 6, open: '09:00', close: '23:00' }],
  phone: '+212 5 35 00 00 00',
  email: 'Hello@DarNour.ma',
  website: 'https://darnour.ma',
  ...extra,
});
const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });

describe('creating a firm', () => {
  it('makes the creator its owner on the free plan, its page public at once', async () => {
    const created = await workspace.as('stranger', '/api/business/firms', {
      ...post(newFirm('dar-nour')),
      headers: { 'Accept-Language': 'fr-FR,fr;q=0.9' },
    });
    expect(created.status).toBe(201);
    const dash = await created.json();
    expect(dash.firm).toMatchObject({
      username: 'dar-nour',
      name: 'Dar Nour',
      email: 'hello@darnour.ma',
      published: true,
      language: 'fr',
      timezone: 'Africa/Casablanca',
      openingHours: [{ day: 6, open: '09:00', close: '23:00' }],
    });
    expect(dash.employment).toMatchObject({ userRole: 'OWNER', firmUsername: 'dar-nour' });
    expect(dash.subscriptionInfoDto.plan).toBe('free');
    const page = await workspace.ctx.request('/api/public/firms/u/DAR-NOUR');
    expect(page.status).toBe(200);
    expect((await page.json()).name).toBe('Dar Nour');
    const jobs = await (await workspace.as('stranger', '/api/business/employments/with-firms')).json();
    expect(jobs).toEqual([expect.objectContaining({ firmUsername: 'dar-nour', userRole: 'OWNER' })]);
    const home = await (await workspace.as('stranger', `/api/dashboard/firms/home?firmId=${dash.firm.id}`)).json();
    expect(home.activity[0]).toMatchObject({ kind: 'firm.created', actorName: 'Stranger Tester', subject: 'Dar Nour' });
  });

  it("lists a new business's first steps, each ticked by the row it leaves", async () => {
    const { firm: created } = await (await workspace.as('stranger', '/api/business/firms', post(newFirm('dar-steps')))).json();
    const steps = async () => (await (await workspace.as('stranger', `/api/dashboard/firms/home?firmId=${created.id}`)).json()).firstSteps;
    expect(await steps()).toEqual({ menu: false, event: false, shared: false, invited: false });
    expect((await workspace.as('stranger', `/api/dashboard/menus?firmId=${created.id}`, post({ name: 'Lunch' }))).status).toBe(201);
    await workspace.ctx.deps.db
      .insertInto('follows')
      .values({ user_id: workspace.userId('otherOwner'), firm_id: created.id, created_at: '2026-06-01T00:00:00.000Z' })
      .execute();
    expect(await steps()).toEqual({ menu: true, event: false, shared: true, invited: false });
  });

  it('checks usernames live: free, taken (in any case), reserved, invalid', async () => {
    const check = async (username: string) =>
      (await (await workspace.as('owner', `/api/business/firms/username-availability?username=${encodeURIComponent(username)}`)).json())
        .status;
    expect(await check('brand-new-place')).toBe('free');
    expect(await check('cafelumiere')).toBe('taken');
    expect(await check('CAFELUMIERE')).toBe('taken');
    expect(await check('explore')).toBe('reserved');
    expect(await check('no spaces')).toBe('invalid');
    expect((await workspace.ctx.request('/api/business/firms/username-availability?username=x')).status).toBe(401);
  });

  it('refuses a taken or reserved username and a category of another industry, with the field named', async () => {
    const taken = await workspace.as('owner', '/api/business/firms', post(newFirm('CafeLUMIERE')));
    expect(taken.status).toBe(409);
    expect((await taken.json()).errors).toEqual({ username: ['validation.usernameTaken'] });
    const reserved = await workspace.as('owner', '/api/business/firms', post(newFirm('workspace')));
    expect(reserved.status).toBe(400);
    expect((await reserved.json()).errors.username).toEqual(['validation.usernameReserved']);
    const mismatch = await workspace.as('owner', '/api/business/firms', post(newFirm('mismatch', { industryKey: 'shoppingandretail' })));
    expect((await mismatch.json()).errors).toEqual({ industryKey: ['validation.industry'] });
    const unknown = await workspace.as('owner', '/api/business/firms', post(newFirm('unknown-cat', { categoryKey: 'spaceport' })));
    expect((await unknown.json()).errors).toEqual({ categoryKey: ['validation.category'] });
    const badZone = await workspace.as('owner', '/api/business/firms', post(newFirm('bad-zone', { timezone: 'Mars/Olympus' })));
    expect((await badZone.json()).errors).toEqual({ timezone: ['validation.timezone'] });
  });

  it('lets one of two simultaneous claims of a username win', async () => {
    const [a, b] = await Promise.all([
      workspace.as('manager', '/api/business/firms', post(newFirm('twins'))),
      workspace.as('staff', '/api/business/firms', post(newFirm('TWINS'))),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
  });

  it('is switched off by the CREATE_FIRM flag', async () => {
    const ctx = await createTestContext({ envOverrides: { FEATURES_OFF: 'CREATE_FIRM' } });
    try {
      await insertPerson(ctx.deps.db, 'flagged');
      const cookie = await login(ctx, 'flagged@example.com');
      const response = await ctx.request('/api/business/firms', {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(503);
      expect((await response.json()).code).toBe('feature_off');
    } finally {
      await ctx.close();
    }
  });
});

describe('the business profile and settings', () => {
  const firm = (path: string) => `/api/dashboard/firms/${path}?firmId=${FIRM}`;

  it('saves the profile and lists who did it on the home page', async () => {
    const saved = await workspace.as('manager', firm('profile'), {
      method: 'PUT',
      body: JSON.stringify({ ...newFirm('ignored'), name: 'Café Lumière & Co', phone: '', website: '' }),
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ name: 'Café Lumière & Co', phone: null, website: null, city: 'Fès' });
    const home = await (await workspace.as('staff', firm('home'))).json();
    expect(home.activity[0]).toMatchObject({ kind: 'firm.updated', actorName: 'Manager Tester' });
  });

  it('hides the public page when unpublished and shows it again', async () => {
    const hide = await workspace.as('owner', firm('settings'), {
      method: 'PUT',
      body: JSON.stringify({ language: 'ar', currency: 'MAD', published: false }),
    });
    expect(await hide.json()).toMatchObject({ language: 'ar', currency: 'MAD', published: false });
    expect((await workspace.ctx.request('/api/public/firms/u/CafeLumiere')).status).toBe(404);
    // the team still has it, and its QR code
    expect((await workspace.as('staff', firm('dash-firm'))).status).toBe(200);
    const svg = await workspace.as('staff', firm('qr.svg'));
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.headers.get('content-disposition')).toContain('souk-CafeLumiere-qr.svg');
    expect(await svg.text()).toContain('<svg');
    await workspace.as('owner', firm('settings'), {
      method: 'PUT',
      body: JSON.stringify({ language: 'fr', currency: 'EUR', published: true }),
    });
    expect((await workspace.ctx.request('/api/public/firms/u/CafeLumiere')).status).toBe(200);
  });

  it('stores a cover image as renditions and refuses what is not an image', async () => {
    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('image', new File([new Uint8Array(png)], 'cover.png', { type: 'image/png' }));
    const saved = await workspace.as('owner', firm('cover'), { method: 'POST', body: form });
    expect(saved.status).toBe(200);
    const body = await saved.json();
    expect(body).toMatchObject({ imageWidth: 1200, imageHeight: 600, imageColor: expect.stringMatching(/^#/) });
    const rendition = await workspace.ctx.request(`/media/${body.imagePath}/small.webp`);
    expect(rendition.status).toBe(200);
    const junk = new FormData();
    junk.set('image', new File([new TextEncoder().encode('not a picture')], 'x.png', { type: 'image/png' }));
    const refused = await workspace.as('owner', firm('cover'), { method: 'POST', body: junk });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors).toEqual({ image: ['validation.image'] });
  });

  it("counts the home figures from real rows: revenue and tickets from the paid orders, not the tiers' counters", async () => {
    const db = workspace.ctx.deps.db;
    await db
      .insertInto('follows')
      .values([
        { user_id: workspace.userId('stranger'), firm_id: FIRM, created_at: '2026-06-01T00:00:00.000Z' },
        { user_id: workspace.userId('otherOwner'), firm_id: FIRM, created_at: '2025-01-01T00:00:00.000Z' },
      ])
      .execute();
    const buyer = workspace.userId('stranger');
    // a sale of a product's size (48.00), a paid order of which 12.00 went back, what a pending order holds,
    // an order refunded whole, and a paid ticket order (45.00) whose one ticket was passed to a friend
    await insertShopOrder(db, FIRM, buyer, { total_minor: 4800 });
    await insertShopOrder(db, FIRM, buyer, { total_minor: 3600, refunded_minor: 1200 });
    await insertShopOrder(db, FIRM, buyer, { total_minor: 5000, status: 'pending_payment' });
    await insertShopOrder(db, FIRM, buyer, { total_minor: 2000, refunded_minor: 2000, status: 'refunded' });
    const ticketOrder = async (extra: { total_minor?: number; status?: string }) => {
      const reference = await insertShopOrder(db, FIRM, buyer, { kind: 'tickets', event_id: 'e1', ...extra });
      return (await db.selectFrom('orders').select('id').where('reference', '=', reference).executeTakeFirstOrThrow()).id;
    };
    const paidTickets = await ticketOrder({ total_minor: 4500 });
    const heldTickets = await ticketOrder({ status: 'pending_payment' });
    const ticket = (id: string, orderId: string, status: string) => ({
      id,
      order_id: orderId,
      event_id: 'e1',
      category_id: 't1',
      holder_id: buyer,
      code: `code-${id}`,
      status,
      transferred_from: null,
      created_at: '2026-06-01T00:00:00.000Z',
      updated_at: '2026-06-01T00:00:00.000Z',
    });
    await db
      .insertInto('tickets')
      .values([
        ticket('k1', paidTickets, 'active'),
        ticket('k2', paidTickets, 'active'),
        ticket('k3', paidTickets, 'transferred'),
        ticket('k4', paidTickets, 'active'),
        ticket('k5', heldTickets, 'reserved'),
      ])
      .execute();
    const home = await (await workspace.as('staff', firm('home'))).json();
    // fixture: e1 upcoming, e3 past, e4 hidden but upcoming
    expect(home).toMatchObject({ followers: 2, newFollowers30d: 1, upcomingEvents: 2, ticketsSold: 3, teamMembers: 3 });
    expect(home.revenue).toEqual([{ currency: 'EUR', amountMinor: 4800 + 3600 - 1200 + 4500 }]);
    expect(home.activity).toContainEqual(expect.objectContaining({ kind: 'follower.new', actorName: 'Stranger Tester' }));
  });
});
