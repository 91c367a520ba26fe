import { beforeAll, describe, expect, it } from 'vitest';
import { FIRM, useWorkspace } from '../../testing/workspace-fixtures';

/**
 * A menu's serving hours, end to end on a real database (SQLite, or PostgreSQL with DATABASE_URL):
 * the owner sets them, the public menu carries them for the page to read on the firm's clock, and
 * a dish of a menu outside its hours is refused in the cart and at checkout. The test clock is
 * Wednesday 2026-06-10 12:00 UTC: 14:00 in Paris, the firm's zone.
 */
const workspace = useWorkspace();
const db = () => workspace.ctx.deps.db;

async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await workspace.as('owner', path, { method, body: body === undefined ? undefined : JSON.stringify(body), headers });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}
const setHours = (servingHours: unknown) => send('PUT', '/api/dashboard/menus/m1', { name: 'Breakfast', description: null, servingHours });
const addCroissant = (quantity = 1) => send('PUT', '/api/user/cart/items', { itemType: 'menu_item', itemId: 'i1', quantity });

const breakfast = { days: [1, 2, 3, 4, 5], from: '08:00', to: '11:00' };
const allDayLunch = { days: [3], from: '12:00', to: '15:00' };

beforeAll(async () => {
  await db().updateTable('firms').set({ takes_orders: 1 }).where('id', '=', FIRM).execute();
});

describe('menu serving hours', () => {
  it('are set by the owner, checked by the shared schema, and read by the public menu and the dish', async () => {
    const refused = await setHours({ days: [], from: '25:00', to: '11:00' });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors).sort()).toEqual(['servingHours.days', 'servingHours.from']);

    const saved = await setHours({ ...breakfast, days: [5, 1, 2, 3, 4, 1] });
    expect(saved.status).toBe(200);
    expect(saved.body.menus.find((m: { id: string }) => m.id === 'm1').servingHours).toEqual(breakfast);
    const menus = (await workspace.market.json(`/api/public/menu?firmId=${FIRM}`)).body as { id: string; servingHours: unknown }[];
    expect(menus.find((m) => m.id === 'm1')?.servingHours).toEqual(breakfast);
    expect((await workspace.market.json('/api/public/menu/items/i1')).body).toMatchObject({
      menuServingHours: breakfast,
      firmTimezone: 'Europe/Paris',
    });

    // none again: served whenever the menu is shown
    expect((await setHours(null)).body.menus.find((m: { id: string }) => m.id === 'm1').servingHours).toBeNull();
  });

  it("refuses a dish of a menu outside its hours on the firm's clock, in the cart and at checkout", async () => {
    await setHours(breakfast);
    const outside = await addCroissant();
    expect([outside.status, outside.body.code]).toEqual([422, 'menu_not_serving']);

    await setHours(allDayLunch);
    expect((await addCroissant(2)).status).toBe(200);

    // the cart was filled at lunch; breakfast hours now: its checkout is refused, nothing is ordered
    await setHours(breakfast);
    const checkout = await send(
      'POST',
      `/api/user/orders/cart/${FIRM}`,
      { expectedTotal: 500, currency: 'EUR' },
      { 'Idempotency-Key': 'menu-hours-1' },
    );
    expect([checkout.status, checkout.body.code]).toEqual([422, 'menu_not_serving']);
    expect(checkout.body.errors.items).toEqual(['Croissant is not served at this hour.']);

    await setHours(null);
    const served = await send(
      'POST',
      `/api/user/orders/cart/${FIRM}`,
      { expectedTotal: 500, currency: 'EUR' },
      { 'Idempotency-Key': 'menu-hours-2' },
    );
    expect(served.status).toBe(201);
  });
});
