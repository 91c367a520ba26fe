import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ticketDoorCode } from '../modules/checkin/checkin.service';
import { FIXTURE_NOW } from './marketplace-fixtures';

/**
 * Fixtures of the check-in tests: issued tickets of an event straight in the database (one paid
 * order holding them), their door codes, and a standing admission to undo.
 */
let orders = 0;

/** `count` tickets of `categoryId` held by `holderId`, in one order; their ids. */
export async function insertTickets(
  db: Kysely<Database>,
  event: { id: string; firmId: string },
  categoryId: string,
  holderId: string,
  count: number,
  status = 'active',
): Promise<string[]> {
  orders += 1;
  const orderId = `ord-door-${orders}-${crypto.randomBytes(3).toString('hex')}`;
  const at = FIXTURE_NOW.toISOString();
  await db
    .insertInto('orders')
    .values({
      id: orderId,
      reference: `SK-D${orders}${crypto.randomBytes(2).toString('hex')}`.toUpperCase(),
      buyer_id: holderId,
      firm_id: event.firmId,
      kind: 'tickets',
      event_id: event.id,
      status: 'paid',
      currency: 'EUR',
      total_minor: 1500 * count,
      hold_expires_at: null,
      idempotency_key: `idem-${orderId}`,
      request_hash: 'x',
      language: 'en',
      created_at: at,
      updated_at: at,
      paid_at: at,
    })
    .execute();
  const ids = Array.from({ length: count }, (_, i) => `${orderId}-tk${i}`);
  // a few hundred rows a statement keeps within both databases' parameter limits
  for (let start = 0; start < ids.length; start += 500) {
    await db
      .insertInto('tickets')
      .values(
        ids.slice(start, start + 500).map((id) => ({
          id,
          order_id: orderId,
          event_id: event.id,
          category_id: categoryId,
          holder_id: holderId,
          code: crypto.randomBytes(16).toString('base64url'),
          status,
          transferred_from: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  }
  return ids;
}

/** The door code of a ticket of the fixture marketplace's event `eventId` (short id `evt{id}xx`). */
export function doorCode(db: Kysely<Database>, eventId: string, ticketId: string): Promise<string> {
  return ticketDoorCode(db, FIXTURE_NOW, { id: eventId, shortId: `evt${eventId}xx` }, ticketId);
}

/** A standing admission of a new ticket of `eventId`, as a device would have uploaded it; the scan's id. */
export async function insertAdmission(db: Kysely<Database>, event: { id: string; firmId: string }, categoryId: string, holderId: string) {
  const [ticketId] = await insertTickets(db, event, categoryId, holderId, 1);
  const id = `scan-${ticketId}`;
  await db
    .insertInto('checkin_scans')
    .values({
      id,
      event_id: event.id,
      ticket_id: ticketId,
      nonce: `nonce-${ticketId}`,
      device_id: 'device-fixture',
      device_name: 'Door',
      user_id: holderId,
      scanned_at: FIXTURE_NOW.toISOString(),
      received_at: FIXTURE_NOW.toISOString(),
      result: 'admitted',
      reason: null,
      undone_by: null,
      seq: 0,
    })
    .execute();
  return id;
}
