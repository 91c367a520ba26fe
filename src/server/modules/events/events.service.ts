import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventCard, EventDetail, EventFilter } from '../../../shared/events';
import type { Paged } from '../../../shared/paging';
import { paged } from '../../lib/paging';
import { imageFields, MEDIA_COLUMNS } from '../../db/media-columns';
import { containsPattern, parseNames } from '../../db/sql-helpers';
import { EVENT_STATUS, EVENT_VISIBILITY } from '../../../shared/owner-events';
import { isFollowersOnly } from '../../../shared/audience';
import { visibleTo } from '../firm-followers/audience';

const { PUBLISHED, CANCELLED } = EVENT_STATUS;
const LISTED = EVENT_VISIBILITY.PUBLIC;

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export function createEventService(db: Kysely<Database>, clock: () => Date) {
  /**
   * Published events of active firms that `viewer` may see (followers-only ones for its followers and
   * team); an event's own page also answers once it is cancelled (its buyers follow links to it).
   */
  function baseQuery(viewer: string | undefined, statuses: readonly number[] = [PUBLISHED]) {
    return db
      .selectFrom('events as e')
      .innerJoin('firms as f', 'f.id', 'e.firm_id')
      .innerJoin('event_types as t', 't.key', 'e.type_key')
      .where('e.status_code', 'in', statuses)
      .where('f.status_code', '=', 1)
      .where(visibleTo(viewer, 'e.firm_id', 'e.audience'));
  }

  function cardQuery(viewer: string | undefined, statuses?: readonly number[]) {
    return baseQuery(viewer, statuses)
      .leftJoin('media as m', 'm.id', 'e.image_path')
      .select([
        'e.id',
        'e.short_id as shortId',
        'e.name',
        'e.start_date_time as startDateTime',
        'e.type_key as typeKey',
        't.names as typeNames',
        'e.currency',
        'e.age_limit as ageLimit',
        'e.image_path as imagePath',
        'f.name as firmName',
        'f.username as firmUsername',
        'f.image_path as firmImagePath',
        'f.timezone',
        'e.audience',
        ...MEDIA_COLUMNS,
        (eb) =>
          eb
            .selectFrom('ticket_categories as tc')
            .select((eb2) => eb2.fn.min<number>('tc.price_minor').as('p'))
            .whereRef('tc.event_id', '=', 'e.id')
            .where('tc.hidden', '=', 0)
            .as('priceFrom'),
      ]);
  }
  type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['executeTakeFirstOrThrow']>>;

  function toCard(row: CardRow): EventCard {
    return {
      id: row.id,
      shortId: row.shortId,
      name: row.name,
      startDateTime: row.startDateTime,
      type: { key: row.typeKey, names: parseNames(row.typeNames) },
      currency: row.currency,
      ageLimit: row.ageLimit,
      priceFrom: row.priceFrom === null || row.priceFrom === undefined ? null : Number(row.priceFrom),
      firmName: row.firmName,
      firmUsername: row.firmUsername,
      firmImagePath: row.firmImagePath,
      timezone: row.timezone,
      followersOnly: isFollowersOnly(row.audience),
      ...imageFields(row),
    };
  }

  /** Listed events matching the filter, soonest first; without from/to, the upcoming ones. */
  async function list(filter: EventFilter, page: number, size: number, viewer: string | undefined): Promise<Paged<EventCard>> {
    const from = filter.from ? new Date(filter.from).toISOString() : filter.to ? undefined : clock().toISOString();
    const to = filter.to ? new Date(filter.to).toISOString() : undefined;
    const apply = <Q extends ReturnType<typeof baseQuery>>(q: Q): Q => {
      let out = q.where('e.visibility', '=', LISTED);
      if (filter.type) out = out.where('e.type_key', '=', filter.type);
      if (filter.firmId) out = out.where('e.firm_id', '=', filter.firmId);
      if (filter.firmUsername) out = out.where(sql`lower(f.username)`, '=', filter.firmUsername.toLowerCase());
      if (from) out = out.where('e.start_date_time', '>=', from);
      if (to) out = out.where('e.start_date_time', '<', to);
      if (filter.name) out = out.where(sql<boolean>`lower(e.name) like ${containsPattern(filter.name)} escape '\\'`);
      return out as Q;
    };
    const [count, rows] = await Promise.all([
      apply(baseQuery(viewer))
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
      (apply(cardQuery(viewer) as unknown as ReturnType<typeof baseQuery>) as unknown as ReturnType<typeof cardQuery>)
        .orderBy('e.start_date_time')
        .orderBy('e.id')
        .limit(size)
        .offset(page * size)
        .execute(),
    ]);
    return paged(rows.map(toCard), page, size, Number(count.total));
  }

  /**
   * An event page by short id: published events, listed or not (a shared link still works), and
   * cancelled ones (they say so); never a private one (the team's alone).
   */
  async function byShortId(shortId: string, viewer: string | undefined): Promise<EventDetail | undefined> {
    const row = await cardQuery(viewer, [PUBLISHED, CANCELLED])
      .select([
        'e.description',
        'e.end_date_time as endDateTime',
        'e.capacity',
        'e.sold',
        'e.status_code as statusCode',
        'e.visibility',
        'e.firm_id as firmId',
        'f.address_line as addressLine',
        'f.city',
        'f.country',
        'f.latitude',
        'f.longitude',
      ])
      .where('e.short_id', '=', shortId)
      .where('e.visibility', '!=', EVENT_VISIBILITY.PRIVATE)
      .executeTakeFirst();
    if (!row) return undefined;
    const [categories, addons] = await Promise.all([
      db
        .selectFrom('ticket_categories')
        .select(['id', 'name', 'description', 'price_minor', 'capacity', 'sold', 'sales_start', 'sales_end', 'max_per_order', 'hidden'])
        .where('event_id', '=', row.id)
        .orderBy('sort')
        .orderBy('price_minor')
        .execute(),
      db.selectFrom('event_addons').select(['id', 'name', 'price_minor']).where('event_id', '=', row.id).orderBy('sort').execute(),
    ]);
    // the places an event sells are its tiers' (hidden ones too: they take seats), within its capacity: a
    // capacity of 50 over tiers of 40 sells 40, and the page says 40
    const tiered = categories.length > 0;
    const capacity = tiered ? Math.min(row.capacity, sum(categories.map((tc) => tc.capacity))) : row.capacity;
    const left = Math.max(0, row.capacity - row.sold);
    const available = tiered ? Math.min(left, sum(categories.map((tc) => Math.max(0, tc.capacity - tc.sold)))) : left;
    return {
      ...toCard(row),
      description: row.description,
      endDateTime: row.endDateTime,
      capacity,
      available,
      statusCode: row.statusCode,
      visibility: row.visibility,
      firmId: row.firmId,
      venue: {
        addressLine: row.addressLine,
        city: row.city,
        country: row.country,
        latitude: row.latitude === null ? null : Number(row.latitude),
        longitude: row.longitude === null ? null : Number(row.longitude),
      },
      // a hidden tier is not offered to the public
      ticketCategories: categories
        .filter((tc) => tc.hidden === 0)
        .map((tc) => ({
          id: tc.id,
          name: tc.name,
          description: tc.description,
          price: tc.price_minor,
          available: Math.max(0, tc.capacity - tc.sold),
          salesStart: tc.sales_start,
          salesEnd: tc.sales_end,
          maxPerOrder: tc.max_per_order,
        })),
      addons: addons.map((a) => ({ addonId: a.id, name: a.name, price: a.price_minor })),
    };
  }

  return { list, byShortId };
}
