import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { paged } from '../../lib/paging';
import { boundedCache } from '../../../shared/bounded-cache';
import { randomId } from '../../lib/ids';
import { channels } from '../../lib/realtime';
import {
  importCheckinKey,
  LIST_STATUS,
  signTicketCode,
  verifyTicketCode,
  type CheckinList,
  type CheckinLiveEvent,
  type CheckinScan,
  type ListStatus,
  type Refusal,
  type ScanBatch,
  type ScanInput,
  type ScanOutcome,
  type ScanResult,
  type SyncResponse,
  type TierCount,
} from '../../../shared/checkin';
import type { Paged } from '../../../shared/paging';

/**
 * Check-in at the door. Devices download the event's tickets and its signing key, decide scans
 * alone, and upload them in batches. Every write to an event's scans first raises the event's
 * change counter with one UPDATE: that row lock makes the event's writers take turns (on
 * PostgreSQL; SQLite writes one at a time anyway), so the counter's order is the commit order and
 * a device that asks for "everything after N" never misses a change. Within that turn a ticket's
 * standing admission is checked and taken; the partial unique index on admitted scans backs it.
 */
type Db = Kysely<Database> | Transaction<Database>;

/** How far back a ticket delta reaches before the device's last one: longer than any ticket write's transaction. */
const LATE_COMMIT_MS = 60_000;

interface EventRef {
  id: string;
  shortId: string;
}

const nameOf = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/** The event's signing key, made on first use (two first uses at once keep the one written first). */
async function signingKey(db: Db, eventId: string, now: string): Promise<string> {
  await db
    .insertInto('checkin_events')
    .values({ event_id: eventId, signing_key: crypto.randomBytes(32).toString('base64url'), seq: 0, created_at: now })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
  const row = await db.selectFrom('checkin_events').select('signing_key').where('event_id', '=', eventId).executeTakeFirstOrThrow();
  return row.signing_key;
}

/** The firm whose event a scan was made at (who may undo it). */
export async function firmOfScan(db: Kysely<Database>, scanId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('checkin_scans as s')
    .innerJoin('events as e', 'e.id', 's.event_id')
    .select('e.firm_id')
    .where('s.id', '=', scanId)
    .executeTakeFirst();
  return row?.firm_id;
}

/** Imported event keys per database: a key never changes once made, and the wallet signs every ticket it shows. */
const eventKeys = new WeakMap<Kysely<Database>, ReturnType<typeof boundedCache<string, CryptoKey>>>();

/** The code a ticket's QR shows at the door (the holder's wallet). */
export async function ticketDoorCode(db: Kysely<Database>, now: Date, event: EventRef, ticketId: string): Promise<string> {
  let keys = eventKeys.get(db);
  if (!keys) eventKeys.set(db, (keys = boundedCache<string, CryptoKey>(1000)));
  const key = keys.get(event.id) ?? keys.set(event.id, await importCheckinKey(await signingKey(db, event.id, now.toISOString())));
  return signTicketCode(key, event.shortId, ticketId);
}

function listStatus(status: string): ListStatus {
  if (status === 'active') return LIST_STATUS.valid;
  return status === 'reserved' ? LIST_STATUS.notYetValid : LIST_STATUS.void;
}

function scanQuery(db: Db) {
  return db
    .selectFrom('checkin_scans as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.ticket_id as ticketId',
      's.nonce',
      's.device_id as deviceId',
      's.device_name as deviceName',
      's.scanned_at as scannedAt',
      's.result',
      's.reason',
      's.seq',
      'u.first_name as first',
      'u.last_name as last',
    ]);
}

type ScanRow = Awaited<ReturnType<ReturnType<typeof scanQuery>['execute']>>[number];

function toScan(row: ScanRow): CheckinScan {
  return {
    id: row.id,
    ticketId: row.ticketId,
    nonce: row.nonce,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    staffName: nameOf(row.first, row.last),
    scannedAt: row.scannedAt,
    result: row.result as ScanResult,
    reason: row.reason as Refusal | null,
    seq: Number(row.seq),
  };
}

/** Admitted / total per tier; void tickets count in neither. */
async function tierCounts(db: Db, eventId: string): Promise<TierCount[]> {
  const rows = await db
    .selectFrom('ticket_categories as c')
    .leftJoin('tickets as t', (join) => join.onRef('t.category_id', '=', 'c.id').on('t.status', '=', 'active'))
    .leftJoin('checkin_scans as s', (join) => join.onRef('s.ticket_id', '=', 't.id').on('s.result', '=', 'admitted'))
    .select((eb) => ['c.id', 'c.name', eb.fn.count<number>('t.id').as('total'), eb.fn.count<number>('s.id').as('admitted')])
    .where('c.event_id', '=', eventId)
    .groupBy(['c.id', 'c.name', 'c.sort'])
    .orderBy('c.sort')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, admitted: Number(row.admitted), total: Number(row.total) }));
}

interface Batch {
  event: EventRef;
  key: CryptoKey;
  userId: string;
  deviceId: string;
  deviceName: string;
  seq: number;
  now: string;
}

export function createCheckinService(deps: AppDeps) {
  const { db, clock } = deps;

  async function eventRef(eventId: string) {
    const event = await db
      .selectFrom('events')
      .select(['id', 'short_id as shortId', 'name', 'start_date_time as startDateTime', 'firm_id as firmId'])
      .where('id', '=', eventId)
      .executeTakeFirst();
    if (!event) throw notFound();
    return event;
  }

  function tiersOf(eventId: string) {
    return db
      .selectFrom('ticket_categories')
      .select(['id', 'name'])
      .where('event_id', '=', eventId)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** The event's tickets as the list carries them; with `since`, only those written since then. */
  async function ticketEntries(eventId: string, tiers: { id: string }[], since?: string): Promise<CheckinList['tickets']> {
    const tierIndex = new Map(tiers.map((tier, index) => [tier.id, index]));
    let query = db
      .selectFrom('tickets as t')
      .innerJoin('users as h', 'h.id', 't.holder_id')
      .select(['t.id', 't.category_id as categoryId', 't.status', 'h.first_name as first', 'h.last_name as last'])
      .where('t.event_id', '=', eventId);
    if (since) query = query.where('t.updated_at', '>=', since);
    const tickets = await query.orderBy('t.id').execute();
    return tickets.map((t) => [t.id, tierIndex.get(t.categoryId) ?? 0, nameOf(t.first, t.last), listStatus(t.status)]);
  }

  async function list(eventId: string): Promise<CheckinList> {
    const event = await eventRef(eventId);
    const now = clock().toISOString();
    const key = await signingKey(db, eventId, now);
    const tiers = await tiersOf(eventId);
    const scans = (
      await scanQuery(db).where('s.event_id', '=', eventId).where('s.result', 'in', ['admitted', 'conflict']).orderBy('s.seq').execute()
    ).map(toScan);
    return {
      event: { id: event.id, shortId: event.shortId, name: event.name, startDateTime: event.startDateTime },
      key,
      generatedAt: now,
      cursor: scans.reduce((max, scan) => Math.max(max, scan.seq), 0),
      tiers,
      tickets: await ticketEntries(eventId, tiers),
      scans,
      counts: await tierCounts(db, eventId),
    };
  }

  /**
   * The tickets written since the device's list was brought up to date (sold, paid, refunded,
   * passed on). A write stamped just before `listedAt` may commit just after it, so the window
   * reaches back a little: a ticket sent twice replaces itself on the device.
   */
  async function ticketsSince(eventId: string, listedAt: string | undefined, now: string) {
    const tiers = await tiersOf(eventId);
    if (!listedAt) return { tiers, tickets: [], listedAt: now };
    const since = new Date(Date.parse(listedAt) - LATE_COMMIT_MS).toISOString();
    return { tiers, tickets: await ticketEntries(eventId, tiers, since), listedAt: now };
  }

  /** The standing admission of a ticket, if any. */
  function admissionOf(trx: Db, ticketId: string) {
    return trx
      .selectFrom('checkin_scans')
      .select(['id', 'device_name as deviceName', 'scanned_at as scannedAt'])
      .where('ticket_id', '=', ticketId)
      .where('result', '=', 'admitted')
      .executeTakeFirst();
  }

  /** Why the server refuses this code, or the ticket it admits. */
  async function judge(
    trx: Db,
    batch: Batch,
    code: string,
  ): Promise<{ reason: Refusal; ticketId: string | null } | { reason: null; ticketId: string }> {
    const check = await verifyTicketCode(batch.key, batch.event.shortId, code);
    if (!check.ok) return { reason: check.reason, ticketId: null };
    const ticket = await trx
      .selectFrom('tickets')
      .select(['id', 'status'])
      .where('id', '=', check.ticketId)
      .where('event_id', '=', batch.event.id)
      .executeTakeFirst();
    if (!ticket) return { reason: 'invalid', ticketId: null };
    const status = listStatus(ticket.status);
    if (status === LIST_STATUS.notYetValid) return { reason: 'not_yet_valid', ticketId: ticket.id };
    if (status === LIST_STATUS.void) return { reason: 'void', ticketId: ticket.id };
    return { reason: null, ticketId: ticket.id };
  }

  async function insertScan(trx: Db, batch: Batch, scan: ScanInput, ticketId: string | null, result: ScanResult, reason: Refusal | null) {
    await trx
      .insertInto('checkin_scans')
      .values({
        id: randomId(),
        event_id: batch.event.id,
        ticket_id: ticketId,
        nonce: scan.nonce,
        device_id: batch.deviceId,
        device_name: batch.deviceName,
        user_id: batch.userId,
        scanned_at: scan.scannedAt,
        received_at: batch.now,
        result,
        reason,
        undone_by: null,
        seq: batch.seq,
      })
      .execute();
  }

  /** The answer about a scan already recorded (a retried upload gets the same answer). */
  async function outcomeOf(
    trx: Db,
    row: { nonce: string; result: string; reason: string | null; ticket_id: string | null; id: string },
  ): Promise<ScanOutcome> {
    const standing = row.ticket_id && row.result !== 'admitted' ? await admissionOf(trx, row.ticket_id) : undefined;
    const first = standing && standing.id !== row.id ? { deviceName: standing.deviceName, scannedAt: standing.scannedAt } : null;
    return { nonce: row.nonce, result: row.result as ScanResult, reason: row.reason as Refusal | null, ticketId: row.ticket_id, first };
  }

  /**
   * One scan, once per nonce. An online scan of a ticket already in is refused (the holder is still
   * at the door). An offline admission happened already: it is kept, and the later of two
   * admissions of one ticket (by the devices' clocks) is the one flagged as a conflict.
   */
  async function record(trx: Db, batch: Batch, scan: ScanInput): Promise<ScanOutcome> {
    const seen = await trx
      .selectFrom('checkin_scans')
      .select(['id', 'nonce', 'result', 'reason', 'ticket_id'])
      .where('event_id', '=', batch.event.id)
      .where('nonce', '=', scan.nonce)
      .executeTakeFirst();
    if (seen) return outcomeOf(trx, seen);
    const verdict = await judge(trx, batch, scan.code);
    const refusal = verdict.reason ?? (scan.offline && scan.decision !== 'admitted' ? scan.decision : null);
    if (refusal || !verdict.ticketId) {
      await insertScan(trx, batch, scan, verdict.ticketId, 'refused', refusal);
      return { nonce: scan.nonce, result: 'refused', reason: refusal, ticketId: verdict.ticketId, first: null };
    }
    const standing = await admissionOf(trx, verdict.ticketId);
    const first = standing ? { deviceName: standing.deviceName, scannedAt: standing.scannedAt } : null;
    if (standing && !scan.offline) {
      await insertScan(trx, batch, scan, verdict.ticketId, 'refused', 'already_used');
      return { nonce: scan.nonce, result: 'refused', reason: 'already_used', ticketId: verdict.ticketId, first };
    }
    if (standing && standing.scannedAt <= scan.scannedAt) {
      await insertScan(trx, batch, scan, verdict.ticketId, 'conflict', null);
      return { nonce: scan.nonce, result: 'conflict', reason: null, ticketId: verdict.ticketId, first };
    }
    if (standing) {
      // this offline admission came first: the standing one becomes the flagged second
      await trx
        .updateTable('checkin_scans')
        .set({ result: 'conflict', seq: batch.seq })
        .where('id', '=', standing.id)
        .where('result', '=', 'admitted')
        .execute();
    }
    await insertScan(trx, batch, scan, verdict.ticketId, 'admitted', null);
    return { nonce: scan.nonce, result: 'admitted', reason: null, ticketId: verdict.ticketId, first: null };
  }

  /** Takes the event's turn: raises its change counter (a row lock until the commit) and answers the new value. */
  async function nextSeq(trx: Db, eventId: string, now: string): Promise<number> {
    await signingKey(trx, eventId, now);
    const row = await trx
      .updateTable('checkin_events')
      .set((eb) => ({ seq: eb('seq', '+', 1) }))
      .where('event_id', '=', eventId)
      .returning('seq')
      .executeTakeFirstOrThrow();
    return Number(row.seq);
  }

  async function changesSince(eventId: string, since: number) {
    const changes = (await scanQuery(db).where('s.event_id', '=', eventId).where('s.seq', '>', since).orderBy('s.seq').execute()).map(
      toScan,
    );
    return { changes, cursor: changes.reduce((max, scan) => Math.max(max, scan.seq), since) };
  }

  async function publish(firmId: string, eventId: string, cursor: number, counts: TierCount[]) {
    const data: CheckinLiveEvent = { eventId, cursor, counts };
    await deps.realtime.publish(channels.firm(firmId), { type: 'checkin', data });
  }

  /** Records the device's scans in order (each once) and answers what changed since its last sync. */
  async function sync(eventId: string, userId: string, input: ScanBatch): Promise<SyncResponse> {
    const event = await eventRef(eventId);
    const now = clock().toISOString();
    let results: ScanOutcome[] = [];
    if (input.scans.length > 0) {
      results = await db.transaction().execute(async (trx) => {
        const seq = await nextSeq(trx, eventId, now);
        const key = await importCheckinKey(await signingKey(trx, eventId, now));
        const batch: Batch = { event, key, userId, deviceId: input.deviceId, deviceName: input.deviceName, seq, now };
        const outcomes: ScanOutcome[] = [];
        for (const scan of input.scans) outcomes.push(await record(trx, batch, scan));
        return outcomes;
      });
    }
    const { changes, cursor } = await changesSince(eventId, input.since);
    const counts = await tierCounts(db, eventId);
    if (input.scans.length > 0) await publish(event.firmId, eventId, cursor, counts);
    return { results, cursor, changes, counts, ...(await ticketsSince(eventId, input.listedAt, now)) };
  }

  /** The event's scans, the latest change first. */
  async function log(eventId: string, page: number, size: number): Promise<Paged<CheckinScan>> {
    const base = db.selectFrom('checkin_scans').where('event_id', '=', eventId);
    const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const rows = await scanQuery(db)
      .where('s.event_id', '=', eventId)
      // the latest change first (a flag or an undo brings a scan back up)
      .orderBy('s.seq', 'desc')
      .orderBy('s.scanned_at', 'desc')
      .orderBy('s.id')
      .limit(size)
      .offset(page * size)
      .execute();
    return paged(rows.map(toScan), page, size, Number(total));
  }

  /** A manager takes back a mistaken admission: the ticket may be admitted again. */
  async function undo(scanId: string, userId: string): Promise<CheckinScan> {
    const scan = await db
      .selectFrom('checkin_scans as s')
      .innerJoin('events as e', 'e.id', 's.event_id')
      .select(['s.event_id as eventId', 'e.firm_id as firmId'])
      .where('s.id', '=', scanId)
      .executeTakeFirst();
    if (!scan) throw notFound();
    const now = clock().toISOString();
    const undone = await db.transaction().execute(async (trx) => {
      const seq = await nextSeq(trx, scan.eventId, now);
      const result = await trx
        .updateTable('checkin_scans')
        .set({ result: 'undone', undone_by: userId, seq })
        .where('id', '=', scanId)
        .where('result', '=', 'admitted')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    });
    if (!undone) throw new HttpError(409, 'Only a standing admission can be undone.', 'checkin_not_admitted');
    const row = toScan(await scanQuery(db).where('s.id', '=', scanId).executeTakeFirstOrThrow());
    await publish(scan.firmId, scan.eventId, row.seq, await tierCounts(db, scan.eventId));
    return row;
  }

  return { list, sync, log, undo };
}
