import QRCode from 'qrcode';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Ticket } from '../../../shared/orders';
import { groupedCode } from './references';
import { boundedCache } from '../../../shared/bounded-cache';
import { ticketDoorCode } from '../checkin/checkin.service';

/** Reads tickets with their event, holder, buyer and order, shaped for whoever is looking. */
export function ticketQuery(db: Kysely<Database>) {
  return db
    .selectFrom('tickets as t')
    .innerJoin('orders as o', 'o.id', 't.order_id')
    .innerJoin('events as e', 'e.id', 't.event_id')
    .innerJoin('firms as f', 'f.id', 'e.firm_id')
    .innerJoin('users as h', 'h.id', 't.holder_id')
    .innerJoin('users as b', 'b.id', 'o.buyer_id')
    .leftJoin('ticket_categories as c', 'c.id', 't.category_id')
    .select([
      't.id',
      't.status',
      't.code',
      't.holder_id as holderId',
      't.transferred_from as transferredFrom',
      'o.reference',
      'o.buyer_id as buyerId',
      'c.name as categoryName',
      'e.id as eventId',
      'e.short_id as eventShortId',
      'e.name as eventName',
      'e.start_date_time as startDateTime',
      'e.end_date_time as endDateTime',
      'f.name as firmName',
      'f.username as firmUsername',
      'f.timezone',
      'f.address_line as addressLine',
      'f.city',
      'h.first_name as holderFirst',
      'h.last_name as holderLast',
      'h.flip as holderFlip',
      'h.image_path as holderImage',
      'b.first_name as buyerFirst',
      'b.last_name as buyerLast',
    ]);
}

export type TicketRow = Awaited<ReturnType<ReturnType<typeof ticketQuery>['execute']>>[number];

const qrCache = boundedCache<string, string>(2000);

/** The QR code of a ticket's code, as a small SVG document. */
async function qrSvg(code: string): Promise<string> {
  let svg = qrCache.get(code);
  if (!svg) {
    svg = qrCache.set(code, await QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));
  }
  return svg;
}

/**
 * A ticket as `viewerId` may see it, its code and QR only once valid: to its holder, and to the
 * buyer for the tickets of their order as issued (the whole group can be shown at the door). A
 * ticket passed on is a new ticket with a new code that only its new holder sees. The QR carries
 * the door code (the ticket id signed with the event's check-in key), which the door's devices
 * check with no connection; the printed code is the short one a person can read out.
 */
export async function toTicket(db: Kysely<Database>, row: TicketRow, viewerId: string, now: Date): Promise<Ticket> {
  const holder = row.holderId === viewerId;
  const own = row.status === 'active' && (holder || (row.buyerId === viewerId && row.transferredFrom === null));
  return {
    id: row.id,
    orderReference: row.reference,
    status: row.status as Ticket['status'],
    categoryName: row.categoryName ?? '',
    event: {
      id: row.eventId,
      shortId: row.eventShortId,
      name: row.eventName,
      startDateTime: row.startDateTime,
      endDateTime: row.endDateTime,
      firmName: row.firmName,
      firmUsername: row.firmUsername,
      timezone: row.timezone,
      address: [row.addressLine, row.city].filter(Boolean).join(', ') || null,
    },
    holder: {
      id: row.holderId,
      name: `${row.holderFirst} ${row.holderLast}`.trim(),
      flip: row.holderFlip,
      imagePath: row.holderImage,
    },
    buyerName: `${row.buyerFirst} ${row.buyerLast}`.trim(),
    code: own ? groupedCode(row.code) : null,
    qrSvg: own ? await qrSvg(await ticketDoorCode(db, now, { id: row.eventId, shortId: row.eventShortId }, row.id)) : null,
    canTransfer: holder && row.status === 'active' && new Date(row.startDateTime) > now,
  };
}
