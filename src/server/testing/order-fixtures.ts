import crypto from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { signAccessToken } from '../lib/tokens';
import { paymentsOf } from '../lib/payments';
import type { SandboxProvider } from '../lib/payments/sandbox';
import { FRIENDSHIP_STATUS } from '../../shared/people';
import type { TestContext } from './test-app';
import { orderReference } from '../modules/orders/references';

/**
 * Fixtures of the orders tests: members signed in without the login endpoint (an auth session row
 * and a signed access token, as a login makes: hundreds of buyers cost no argon2 hashing),
 * friendships, a ticketed event of a chosen size, and the sandbox payment step driven as a payer.
 */

export async function insertMember(db: Kysely<Database>, id: string, extra: Partial<Insertable<Database['users']>> = {}) {
  await db
    .insertInto('users')
    .values({
      id,
      short_id: `usr${id}`.slice(0, 40),
      flip: `flip-${id}`,
      first_name: id.charAt(0).toUpperCase() + id.slice(1),
      last_name: 'Tester',
      email: `${id}@example.com`,
      password_hash: null,
      google_sub: null,
      image_path: null,
      date_of_birth: '1990-01-01',
      status_code: 1,
      is_private: 0,
      region_preference: 'EU',
      hour_format: 24,
      language: 'en',
      created_at: '2026-01-01T00:00:00.000Z',
      ...extra,
    })
    .execute();
}

/** The Cookie header of a fresh login of `userId` (its access token only: enough for the API). */
export async function signedIn(ctx: TestContext, userId: string): Promise<string> {
  const sessionId = crypto.randomUUID();
  const now = ctx.deps.clock();
  await ctx.deps.db
    .insertInto('auth_sessions')
    .values({
      id: sessionId,
      user_id: userId,
      method: 'email',
      device_type: 'desktop',
      device_os: 'Linux',
      os_version: '',
      browser: 'test',
      user_agent: 'test',
      ip: '127.0.0.1',
      created_at: now.toISOString(),
      last_used_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
      revoked_at: null,
      revoked_reason: null,
    })
    .execute();
  const token = await signAccessToken(ctx.deps.secrets.tokenKeys, { userId, sessionId }, now);
  return `${ctx.deps.env.COOKIE_SECURE ? '__Host-' : ''}souk_at=${token}`;
}

export async function befriend(db: Kysely<Database>, a: string, b: string, status: string = FRIENDSHIP_STATUS.accepted) {
  await db
    .insertInto('friendships')
    .values({ id: `fr-${a}-${b}`, requester_id: a, addressee_id: b, status, created_at: '2026-01-02T00:00:00.000Z' })
    .execute();
}

/** A new event of firm f1 with one category of `capacity` seats (none sold) at 20.00 and an add-on at 5.00. */
export async function insertSmallEvent(db: Kysely<Database>, id: string, capacity: number, start = '2026-06-30T19:00:00.000Z') {
  await db
    .insertInto('events')
    .values({
      id,
      short_id: `evt-${id}`,
      firm_id: 'f1',
      name: `Small gig ${id}`,
      description: 'A small gig.',
      image_path: null,
      start_date_time: start,
      end_date_time: null,
      type_key: 'concert',
      capacity,
      sold: 0,
      currency: 'EUR',
      age_limit: 0,
      status_code: 1,
      visibility: 1,
      created_at: '2026-01-01T00:00:00.000Z',
    })
    .execute();
  await db
    .insertInto('ticket_categories')
    .values({ id: `${id}-seat`, event_id: id, name: 'Seat', description: null, price_minor: 2000, capacity, sold: 0, sort: 1 })
    .execute();
  await db
    .insertInto('event_addons')
    .values({ id: `${id}-drink`, event_id: id, name: 'Drink', price_minor: 500, sort: 1 })
    .execute();
}

export const sandboxOf = (ctx: TestContext) => paymentsOf(ctx.deps).provider as SandboxProvider;

/** Pays (or tries to) on the sandbox payment step at `redirectUrl` as a payer would: the step's answer. */
export async function payOnStep(ctx: TestContext, redirectUrl: string, fields: Record<string, string>) {
  return ctx.request(new URL(redirectUrl).pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

export const TEST_CARD = { success: '4242424242424242', declined: '4000000000000002' } as const;
export const card = (number: string) => ({ action: 'card', number, expiry: '12/40', cvc: '123' });

let shopOrders = 0;

/** A shop order of `firmId` by `buyerId` straight in the database (paid unless told), with one line; its reference. */
export async function insertShopOrder(
  db: Kysely<Database>,
  firmId: string,
  buyerId: string,
  extra: Partial<Insertable<Database['orders']>> = {},
): Promise<string> {
  shopOrders += 1;
  const id = `ord-shop-${shopOrders}-${crypto.randomBytes(3).toString('hex')}`;
  const reference = extra.reference ?? orderReference();
  const at = extra.created_at ?? new Date(Date.UTC(2026, 5, 1) + shopOrders * 60_000).toISOString();
  await db
    .insertInto('orders')
    .values({
      id,
      reference,
      buyer_id: buyerId,
      firm_id: firmId,
      kind: 'shop',
      event_id: null,
      status: 'paid',
      currency: 'EUR',
      total_minor: 3600,
      hold_expires_at: null,
      idempotency_key: `idem-${id}`,
      request_hash: 'x',
      language: 'en',
      created_at: at,
      updated_at: at,
      paid_at: extra.status && extra.status !== 'paid' ? null : at,
      ...extra,
    })
    .execute();
  await db
    .insertInto('order_lines')
    .values({
      id: `line-${id}`,
      order_id: id,
      kind: 'product',
      item_id: 'p-x',
      label: 'Olive oil 1 l',
      unit_price_minor: 1800,
      quantity: 2,
      sort: 0,
    })
    .execute();
  return reference;
}
