import { legalLineOf } from '../firm-legal/firm-legal.service';
import { sql, type Kysely } from 'kysely';
import QRCode from 'qrcode';
import type { Database } from '../../db/schema';
import { parseOpeningHours, type FirmCard, type FirmDetail, type FirmFilters } from '../../../shared/firms';
import { qrTarget } from '../../../shared/page-views';
import { summarize } from '../../../shared/summary';
import { isOpenAt } from '../../../shared/opening-hours';
import { isReservedUsername } from '../../../shared/usernames';
import type { Paged } from '../../../shared/paging';
import { paged } from '../../lib/paging';
import { imageFields, MEDIA_COLUMNS } from '../../db/media-columns';
import type { Dialect } from '../../db/connection';
import { documentHits, searchTerms } from '../search/search-documents';
import { ratingAverage } from '../../../shared/review-limits';
import { boundedCache } from '../../../shared/bounded-cache';
import { visibleTo } from '../firm-followers/audience';

const ACTIVE = 1;

/** Opening-hours parsing is the hot part of a list; a firm's hours JSON rarely changes. */
const hoursCache = boundedCache<string, ReturnType<typeof parseOpeningHours>>(10_000);
function hoursOf(json: string) {
  let hours = hoursCache.get(json);
  if (!hours) {
    hours = hoursCache.set(json, parseOpeningHours(json));
  }
  return hours;
}

export function createFirmService(db: Kysely<Database>, dialect: Dialect, clock: () => Date, publicUrl: string) {
  /**
   * The name filter reads search's word index, names only: accents and case folded on both sides
   * and every word matched from its start, as search does ("cafe" finds "Café"); a name with no
   * letter or digit matches no firm.
   */
  const nameMatches = (name: string) => {
    const terms = searchTerms(name);
    if (terms.words.length === 0) return sql<boolean>`1 = 0`;
    return sql<boolean>`f.id in (${documentHits(db, dialect, 'firms', terms, 'name').clearSelect().select('entity_id')})`;
  };

  function cardQuery() {
    return db
      .selectFrom('firms as f')
      .leftJoin('media as m', 'm.id', 'f.image_path')
      .select([
        'f.id',
        'f.short_id as shortId',
        'f.username',
        'f.name',
        sql<string>`substr(f.description, 1, 200)`.as('summary'),
        'f.industry_key as industryKey',
        'f.category_key as categoryKey',
        'f.city',
        'f.min_age as minAge',
        'f.opening_hours as openingHours',
        'f.timezone',
        'f.image_path as imagePath',
        'f.rating_count as ratingCount',
        'f.rating_sum as ratingSum',
        ...MEDIA_COLUMNS,
      ])
      .where('f.status_code', '=', ACTIVE);
  }
  type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['executeTakeFirstOrThrow']>>;

  function toCard(row: CardRow, now: Date): FirmCard {
    return {
      id: row.id,
      shortId: row.shortId,
      username: row.username,
      name: row.name,
      summary: summarize(row.summary),
      industryKey: row.industryKey,
      categoryKey: row.categoryKey,
      city: row.city,
      minAge: row.minAge,
      openNow: isOpenAt(hoursOf(row.openingHours), row.timezone, now),
      ratingAverage: ratingAverage(row.ratingCount, row.ratingSum),
      ratingCount: row.ratingCount,
      ...imageFields(row),
    };
  }

  async function list(filters: FirmFilters): Promise<Paged<FirmCard>> {
    const now = clock();
    let query = db.selectFrom('firms as f').where('f.status_code', '=', ACTIVE);
    if (filters.categoryKey) query = query.where('f.category_key', '=', filters.categoryKey);
    if (filters.industryKey) query = query.where('f.industry_key', '=', filters.industryKey);
    if (filters.name) query = query.where(nameMatches(filters.name));
    if (filters.age !== undefined) query = query.where('f.min_age', '<=', filters.age);
    const { page, size } = filters;

    if (filters.openNow) {
      // Open now depends on each firm's time zone: decide it here, then page the ids.
      const candidates = await query.select(['f.id', 'f.opening_hours', 'f.timezone']).orderBy('f.name').orderBy('f.id').execute();
      const open = candidates.filter((f) => isOpenAt(hoursOf(f.opening_hours), f.timezone, now)).map((f) => f.id);
      const ids = open.slice(page * size, page * size + size);
      const rows = ids.length ? await cardQuery().where('f.id', 'in', ids).execute() : [];
      const byId = new Map(rows.map((row) => [row.id, row]));
      return paged(
        ids.map((id) => toCard(byId.get(id)!, now)),
        page,
        size,
        open.length,
      );
    }

    const [count, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      cardQuery()
        .$call((q) => (filters.categoryKey ? q.where('f.category_key', '=', filters.categoryKey) : q))
        .$call((q) => (filters.industryKey ? q.where('f.industry_key', '=', filters.industryKey) : q))
        .$call((q) => (filters.name ? q.where(nameMatches(filters.name)) : q))
        .$call((q) => (filters.age !== undefined ? q.where('f.min_age', '<=', filters.age) : q))
        .orderBy('f.name')
        .orderBy('f.id')
        .limit(size)
        .offset(page * size)
        .execute(),
    ]);
    return paged(
      rows.map((row) => toCard(row, now)),
      page,
      size,
      Number(count.total),
    );
  }

  /** A firm page by username, case-insensitive (or by short id, the featured page's key). */
  /** A firm's page; its counts are of the items `viewer` sees (followers-only ones for its followers and team). */
  async function byUsername(username: string, viewer: string | undefined): Promise<FirmDetail | undefined> {
    if (!username || username.length > 64 || isReservedUsername(username)) return undefined;
    const now = clock();
    const nowIso = now.toISOString();
    const lower = username.toLowerCase();
    const row = await db
      .selectFrom('firms as f')
      .leftJoin('media as m', 'm.id', 'f.image_path')
      .selectAll('f')
      .select([
        ...MEDIA_COLUMNS,
        (eb) => eb.selectFrom('follows').select(eb.fn.countAll<number>().as('n')).whereRef('follows.firm_id', '=', 'f.id').as('followers'),
        (eb) =>
          eb
            .selectFrom('menus')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('menus.firm_id', '=', 'f.id')
            .where('menus.published', '=', 1)
            .as('menus'),
        (eb) =>
          eb
            .selectFrom('booking_tables')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('booking_tables.firm_id', '=', 'f.id')
            .as('bookingTables'),
        // a service someone of the team gives puts "Book" on the page as a table does
        (eb) =>
          eb
            .selectFrom('booking_services')
            .innerJoin('booking_service_staff', 'booking_service_staff.service_id', 'booking_services.id')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('booking_services.firm_id', '=', 'f.id')
            .as('bookingServices'),
        (eb) =>
          eb
            .selectFrom('products')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('products.firm_id', '=', 'f.id')
            .where('products.published', '=', 1)
            .where(visibleTo(viewer, 'products.firm_id', 'products.audience'))
            .as('products'),
        (eb) =>
          eb
            .selectFrom('events')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('events.firm_id', '=', 'f.id')
            .where('events.status_code', '=', 1)
            .where('events.visibility', '=', 1)
            .where('events.start_date_time', '>=', nowIso)
            .where(visibleTo(viewer, 'events.firm_id', 'events.audience'))
            .as('upcomingEvents'),
        (eb) =>
          eb
            .selectFrom('blog_posts')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('blog_posts.firm_id', '=', 'f.id')
            .where('blog_posts.status_code', '=', 1)
            .where('blog_posts.published_date', '<=', nowIso)
            .where(visibleTo(viewer, 'blog_posts.firm_id', 'blog_posts.audience'))
            .as('blogPosts'),
      ])
      .where((eb) => eb.or([eb(sql`lower(f.username)`, '=', lower), eb('f.short_id', '=', username)]))
      .where('f.status_code', '=', ACTIVE)
      .executeTakeFirst();
    if (!row) return undefined;
    const openingHours = hoursOf(row.opening_hours);
    return {
      id: row.id,
      shortId: row.short_id,
      username: row.username,
      name: row.name,
      summary: summarize(row.description),
      description: row.description,
      industryKey: row.industry_key,
      categoryKey: row.category_key,
      city: row.city,
      minAge: row.min_age,
      openNow: isOpenAt(openingHours, row.timezone, now),
      ratingAverage: ratingAverage(row.rating_count, row.rating_sum),
      ratingCount: row.rating_count,
      ...imageFields({ imagePath: row.image_path, imageWidth: row.imageWidth, imageHeight: row.imageHeight, imageColor: row.imageColor }),
      phone: row.phone,
      email: row.email,
      website: row.website,
      addressLine: row.address_line,
      country: row.country,
      latitude: row.latitude,
      longitude: row.longitude,
      openingHours,
      timezone: row.timezone,
      language: row.language,
      followers: Number(row.followers ?? 0),
      hasMenu: Number(row.menus ?? 0) > 0,
      products: Number(row.products ?? 0),
      upcomingEvents: Number(row.upcomingEvents ?? 0),
      blogPosts: Number(row.blogPosts ?? 0),
      takesOrders: row.takes_orders === 1,
      takesBookings: Number(row.bookingTables ?? 0) + Number(row.bookingServices ?? 0) > 0,
      legal: legalLineOf(row),
    };
  }

  const qrCache = boundedCache<string, { svg?: string; png?: Buffer }>(2000);

  /** QR codes of a firm page, encoding `PUBLIC_URL/{username}?src=qr` (a visit from it counts as a scan). */
  async function qrCode(username: string, format: 'svg' | 'png'): Promise<{ username: string; body: string | Buffer } | undefined> {
    const firm = await db
      .selectFrom('firms')
      .select('username')
      .where(sql`lower(username)`, '=', username.toLowerCase())
      .where('status_code', '=', ACTIVE)
      .executeTakeFirst();
    if (!firm || isReservedUsername(firm.username)) return undefined;
    const url = qrTarget(publicUrl, firm.username);
    const cached = qrCache.get(url) ?? {};
    if (format === 'svg') {
      cached.svg ??= await QRCode.toString(url, {
        type: 'svg',
        margin: 2,
        errorCorrectionLevel: 'M',
        color: { dark: '#1c1b19', light: '#ffffff' },
      });
    } else {
      cached.png ??= await QRCode.toBuffer(url, { type: 'png', width: 1024, margin: 2, errorCorrectionLevel: 'M' });
    }
    qrCache.set(url, cached);
    return { username: firm.username, body: format === 'svg' ? cached.svg! : cached.png! };
  }

  /** Cards of these firms, in the order given (inactive ones left out). */
  async function cardsByIds(ids: string[]): Promise<FirmCard[]> {
    if (!ids.length) return [];
    const now = clock();
    const rows = await cardQuery().where('f.id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => (byId.has(id) ? [toCard(byId.get(id)!, now)] : []));
  }

  return { list, byUsername, qrCode, cardsByIds };
}
