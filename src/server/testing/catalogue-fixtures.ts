import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { FIXTURE_NOW } from './marketplace-fixtures';
import type { Workspace } from './workspace-fixtures';

/**
 * Rows for the tests of the workspace's content editors: drafts and categories made
 * straight in the database (a fresh target for each cell of the authorization matrix), a real
 * picture to upload, and the firm put on the premium plan (the matrix is about roles, not limits).
 */

let counter = 0;
const next = (prefix: string) => `${prefix}-${++counter}-${crypto.randomBytes(3).toString('hex')}`;

/** A small real PNG (the image pipeline decodes what it stores). */
export async function testPng(color = '#c0392b', width = 24, height = 16): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A multipart form with `image` (what the upload routes read). */
export async function imageForm(color?: string): Promise<FormData> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(await testPng(color))], { type: 'image/png' }), 'picture.png');
  return form;
}

export async function usePremium(db: Kysely<Database>, firmId: string): Promise<void> {
  await db.updateTable('firms').set({ plan_key: 'premium' }).where('id', '=', firmId).execute();
}

/** An event straight in the database: a named draft a month after the fixtures' now, by default. */
export async function insertEvent(
  db: Kysely<Database>,
  firmId: string,
  extra: Partial<Insertable<Database['events']>> = {},
): Promise<{ id: string; shortId: string }> {
  const id = next('evt');
  const shortId = id.replace(/-/g, '').slice(0, 12);
  await db
    .insertInto('events')
    .values({
      id,
      short_id: shortId,
      firm_id: firmId,
      name: `Event ${id}`,
      description: 'A test event.',
      image_path: null,
      start_date_time: new Date(FIXTURE_NOW.getTime() + 30 * 86_400_000).toISOString(),
      end_date_time: null,
      type_key: 'concert',
      capacity: 100,
      sold: 0,
      currency: 'EUR',
      age_limit: 0,
      status_code: 0,
      visibility: 1,
      created_at: FIXTURE_NOW.toISOString(),
      ...extra,
    })
    .execute();
  return { id, shortId };
}

export async function insertTier(
  db: Kysely<Database>,
  eventId: string,
  extra: Partial<Insertable<Database['ticket_categories']>> = {},
): Promise<string> {
  const id = next('tier');
  await db
    .insertInto('ticket_categories')
    .values({ id, event_id: eventId, name: 'Standard', description: null, price_minor: 1500, capacity: 50, sold: 0, sort: 1, ...extra })
    .execute();
  return id;
}

/** A promo code straight in the database, found by `code`: 10 % off everything, unlimited, unless `extra` says otherwise. */
export async function insertPromoCode(
  db: Kysely<Database>,
  firmId: string,
  code: string,
  extra: Partial<Insertable<Database['promo_codes']>> = {},
): Promise<string> {
  const id = next('promo');
  await db
    .insertInto('promo_codes')
    .values({
      id,
      firm_id: firmId,
      code,
      code_key: code.toUpperCase(),
      kind: 'percent',
      value: 10,
      currency: 'EUR',
      starts_at: null,
      ends_at: null,
      usage_limit: null,
      once_per_customer: 0,
      min_order_minor: 0,
      created_by: null,
      created_at: FIXTURE_NOW.toISOString(),
      ...extra,
    })
    .execute();
  return id;
}

/** The editor's body for an event as it is in the database (for a PUT that changes one thing). */
export async function eventBody(workspace: Workspace, actor: 'owner' | 'manager', eventId: string) {
  const response = await workspace.as(actor, `/api/dashboard/events/${eventId}`);
  if (response.status !== 200) throw new Error(`GET event ${eventId}: ${response.status}`);
  const event = (await response.json()) as {
    id: string;
    name: string;
    description: string;
    typeKey: string;
    startDateTime: string;
    endDateTime: string | null;
    venue: string | null;
    capacity: number;
    currency: string;
    ageLimit: number;
    imagePath: string | null;
    ticketCategories: {
      id: string;
      name: string;
      description: string | null;
      price: number;
      capacity: number;
      salesStart: string | null;
      salesEnd: string | null;
    }[];
    addons: { addonId: string; name: string; price: number }[];
  };
  return {
    id: event.id,
    name: event.name || 'Untitled',
    description: event.description,
    typeKey: event.typeKey,
    startDateTime: event.startDateTime,
    endDateTime: event.endDateTime,
    venue: event.venue,
    capacity: event.capacity,
    currency: event.currency,
    ageLimit: event.ageLimit,
    imagePath: event.imagePath,
    ticketCategories: event.ticketCategories.map(({ id, name, description, price, capacity, salesStart, salesEnd }) => ({
      id,
      name,
      description,
      price,
      capacity,
      salesStart,
      salesEnd,
    })),
    addons: event.addons.map(({ addonId, name, price }) => ({ addonId, name, price })),
  };
}

/** A blog post straight in the database: a titled draft by default. */
export async function insertPost(
  db: Kysely<Database>,
  firmId: string,
  extra: Partial<Insertable<Database['blog_posts']>> = {},
): Promise<{ id: string; shortId: string }> {
  const id = next('post');
  const shortId = id.replace(/-/g, '').slice(0, 12);
  await db
    .insertInto('blog_posts')
    .values({
      id,
      short_id: shortId,
      firm_id: firmId,
      name: `Post ${id}`,
      short_summary: '',
      content: '<p>Hello</p>',
      image_path: null,
      category_key: 'news',
      status_code: 0,
      published_date: null,
      created_at: FIXTURE_NOW.toISOString(),
      ...extra,
    })
    .execute();
  return { id, shortId };
}

/** A menu straight in the database. */
export async function insertMenu(db: Kysely<Database>, firmId: string, name = 'Breakfast'): Promise<string> {
  const id = next('menu');
  await db
    .insertInto('menus')
    .values({ id, short_id: id.replace(/-/g, '').slice(0, 12), firm_id: firmId, name, description: null, sort: 99 })
    .execute();
  // its unnamed section, with the menu's id (as migration 0077 makes them)
  await db.insertInto('menu_sections').values({ id, menu_id: id, firm_id: firmId, name: null, sort: 1 }).execute();
  return id;
}

/** A menu item straight in the database (in a new menu unless one is given). */
export async function insertMenuItem(db: Kysely<Database>, firmId: string, menuId?: string): Promise<string> {
  const id = next('item');
  const menu = menuId ?? (await insertMenu(db, firmId));
  await db
    .insertInto('menu_items')
    .values({
      id,
      short_id: id.replace(/-/g, '').slice(0, 12),
      menu_id: menu,
      section_id: menu,
      firm_id: firmId,
      name: `Dish ${id}`,
      description: null,
      price_minor: 650,
      currency: 'EUR',
      image_path: null,
      tags: '[]',
      available: 1,
      sort: 99,
    })
    .execute();
  return id;
}

/** A product straight in the database: 5 in stock, tracked. */
export async function insertProduct(
  db: Kysely<Database>,
  firmId: string,
  extra: Partial<Insertable<Database['products']>> = {},
): Promise<string> {
  const id = next('prod');
  await db
    .insertInto('products')
    .values({
      id,
      short_id: id.replace(/-/g, '').slice(0, 12),
      firm_id: firmId,
      name: `Product ${id}`,
      description: null,
      price_minor: 2000,
      currency: 'EUR',
      image_path: null,
      stock: 5,
      sold: 0,
      created_at: FIXTURE_NOW.toISOString(),
      ...extra,
    })
    .execute();
  return id;
}
