import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Language } from '../../../shared/i18n';
import type { AttendeeList } from '../../../shared/checkin';
import { BOM, csvLine, spreadsheetText } from '../../lib/csv';

/**
 * An event's attendee list: every ticket sold and still valid (a refunded one is void, a passed one
 * is replaced by its friend's), by tier then holder, with the first admission at the door if any.
 */
export async function attendeeList(db: Kysely<Database>, eventId: string): Promise<AttendeeList> {
  const event = await db
    .selectFrom('events as e')
    .innerJoin('firms as f', 'f.id', 'e.firm_id')
    .select(['e.id', 'e.short_id as shortId', 'e.name', 'e.start_date_time as startDateTime', 'f.timezone'])
    .where('e.id', '=', eventId)
    .executeTakeFirst();
  if (!event) throw notFound();
  const rows = await db
    .selectFrom('tickets as t')
    .innerJoin('users as h', 'h.id', 't.holder_id')
    .innerJoin('ticket_categories as c', 'c.id', 't.category_id')
    .innerJoin('orders as o', 'o.id', 't.order_id')
    .leftJoin('checkin_scans as s', (join) => join.onRef('s.ticket_id', '=', 't.id').on('s.result', '=', 'admitted'))
    .select((eb) => [
      't.id as ticketId',
      'h.first_name as first',
      'h.last_name as last',
      'c.name as tierName',
      'o.reference as orderReference',
      eb.fn.min('s.scanned_at').as('checkedInAt'),
    ])
    .where('t.event_id', '=', eventId)
    .where('t.status', '=', 'active')
    .groupBy(['t.id', 'h.first_name', 'h.last_name', 'c.name', 'c.sort', 'o.reference'])
    .orderBy('c.sort')
    .orderBy('h.last_name')
    .orderBy('h.first_name')
    .orderBy('t.id')
    .execute();
  return {
    event,
    attendees: rows.map((row) => ({
      ticketId: row.ticketId,
      holderName: `${row.first ?? ''} ${row.last ?? ''}`.trim(),
      tierName: row.tierName,
      orderReference: row.orderReference,
      checkedInAt: row.checkedInAt ?? null,
    })),
  };
}

const HEADERS: Record<Language, string[]> = {
  en: ['Name', 'Tier', 'Order', 'Ticket', 'Checked in at'],
  fr: ['Nom', 'Catégorie', 'Commande', 'Billet', 'Entrée le'],
  ar: ['الاسم', 'الفئة', 'الطلب', 'التذكرة', 'وقت الدخول'],
};

/** The list as CSV: the header in the reader's language, admission times on the firm's clock. */
export function attendeesCsv(list: AttendeeList, language: Language): string {
  const admitted = (at: string | null) => (at ? format(new TZDate(at, list.event.timezone), 'yyyy-MM-dd HH:mm') : '');
  return (
    BOM +
    csvLine(HEADERS[language]) +
    list.attendees
      .map((row) =>
        csvLine([
          spreadsheetText(row.holderName),
          spreadsheetText(row.tierName),
          row.orderReference,
          row.ticketId,
          admitted(row.checkedInAt),
        ]),
      )
      .join('')
  );
}
