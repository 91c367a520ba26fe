import { sql, type Compilable, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/connection';
import type { Database } from '../../db/schema';
import { imageFields, MEDIA_COLUMNS } from '../../db/media-columns';
import { containsPattern } from '../../db/sql-helpers';
import { paged } from '../../lib/paging';
import type { Paged } from '../../../shared/paging';
import { visibleTo } from '../firm-followers/audience';
import { documentHits, searchTerms, type SearchTerms } from './search-documents';
import type { SearchHit, SearchResults } from '../../../shared/search';
import { SEARCH_GROUP_SIZE, SEARCH_TYPES, type SearchType } from '../../../shared/search-kinds';

const PUBLISHED = 1;
const LISTED = 1;

type Row = {
  id: string;
  shortId: string;
  title: string;
  subtitle: string | null;
  path: string | null;
  priceMinor: number | null;
  currency: string | null;
  startDateTime: string | null;
  timezone: string | null;
  imagePath: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  imageColor: string | null;
};

/**
 * Search across the marketplace, accent- and case-insensitive on SQLite and PostgreSQL alike: the
 * words of each searchable row are indexed folded (search-documents.ts), every word of the term is
 * matched as the start of a word, and an exact name comes first, then the best match. Firms are
 * also found by their category's name and events by their type's (small tables, matched as
 * "contains" on their folded names), ranked after the word matches.
 *
 * Each read starts from what matched and looks its rows up by id, so its cost follows the number
 * of matches, not the size of the marketplace. The tables are CROSS JOINed to the matches: SQLite
 * keeps a cross join's tables in the order written (left to it, it began with every listed firm,
 * knowing nothing of how few the matches are), and PostgreSQL plans it as the inner join it is.
 */
export function createSearchService(db: Kysely<Database>, dialect: Dialect, clock: () => Date) {
  const namesMatch = (terms: SearchTerms, column: string): Expression<SqlBool> =>
    sql<SqlBool>`souk_fold(${sql.ref(column)}) like ${containsPattern(terms.folded)} escape '\\'`;

  /** Rows found by their category or type rather than their words: below every word match. */
  const byLookup = { score: sql<number>`0`.as('score'), exact: sql<number>`0`.as('exact') };

  /**
   * The ids of `type` that match, each once with its best score: the word index's hits, and for
   * firms and events those of a matching category or type (upcoming events only, as listed).
   */
  function matches(type: SearchType, terms: SearchTerms) {
    const words = db.selectFrom(documentHits(db, dialect, type, terms).as('d')).selectAll('d');
    const lookedUp =
      type === 'firms'
        ? words.unionAll(
            db
              .selectFrom('firms as c')
              .where('c.category_key', 'in', db.selectFrom('categories as k').select('k.key').where(namesMatch(terms, 'k.names')))
              .select(['c.id as entity_id', byLookup.score, byLookup.exact]),
          )
        : type === 'events'
          ? words.unionAll(
              db
                .selectFrom('events as c')
                .where('c.type_key', 'in', db.selectFrom('event_types as k').select('k.key').where(namesMatch(terms, 'k.names')))
                .where('c.start_date_time', '>=', clock().toISOString())
                .select(['c.id as entity_id', byLookup.score, byLookup.exact]),
            )
          : words;
    return db
      .selectFrom(lookedUp.as('u'))
      .select(['u.entity_id', sql<number>`max(u.score)`.as('score'), sql<number>`max(u.exact)`.as('exact')])
      .groupBy('u.entity_id')
      .as('h');
  }

  /** The rows of `type` matching `terms` that `viewer` may see (followers-only items for the firm's followers and team). */
  function query(type: SearchType, terms: SearchTerms, viewer: string | undefined) {
    const now = clock().toISOString();
    const hits = db.selectFrom(matches(type, terms));
    switch (type) {
      case 'firms':
        return hits
          .crossJoin('firms as f')
          .whereRef('f.id', '=', 'h.entity_id')
          .leftJoin('media as m', 'm.id', 'f.image_path')
          .where('f.status_code', '=', 1)
          .select([
            'f.id',
            'f.username as shortId',
            'f.name as title',
            'f.city as subtitle',
            sql<string | null>`null`.as('path'),
            sql<number | null>`null`.as('priceMinor'),
            sql<string | null>`null`.as('currency'),
            sql<string | null>`null`.as('startDateTime'),
            sql<string | null>`null`.as('timezone'),
            'f.image_path as imagePath',
            ...MEDIA_COLUMNS,
          ])
          .orderBy('h.exact', 'desc')
          .orderBy('h.score', 'desc')
          .orderBy('f.name')
          .orderBy('f.id');
      case 'dishes':
        return hits
          .crossJoin('menu_items as i')
          .whereRef('i.id', '=', 'h.entity_id')
          .crossJoin('firms as f')
          .whereRef('f.id', '=', 'i.firm_id')
          .crossJoin('menus as mn')
          .whereRef('mn.id', '=', 'i.menu_id')
          .leftJoin('media as m', 'm.id', 'i.image_path')
          .where('f.status_code', '=', 1)
          .where('mn.published', '=', 1)
          .where(visibleTo(viewer, 'i.firm_id', 'i.audience'))
          .select([
            'i.id',
            'i.short_id as shortId',
            'i.name as title',
            'f.name as subtitle',
            sql<string | null>`null`.as('path'),
            'i.price_minor as priceMinor',
            'i.currency',
            sql<string | null>`null`.as('startDateTime'),
            sql<string | null>`null`.as('timezone'),
            'i.image_path as imagePath',
            ...MEDIA_COLUMNS,
          ])
          .orderBy('h.exact', 'desc')
          .orderBy('h.score', 'desc')
          .orderBy('i.name')
          .orderBy('i.id');
      case 'products':
        return hits
          .crossJoin('products as p')
          .whereRef('p.id', '=', 'h.entity_id')
          .crossJoin('firms as f')
          .whereRef('f.id', '=', 'p.firm_id')
          .leftJoin('media as m', 'm.id', 'p.image_path')
          .where('f.status_code', '=', 1)
          .where('p.published', '=', 1)
          .where(visibleTo(viewer, 'p.firm_id', 'p.audience'))
          .select([
            'p.id',
            'p.short_id as shortId',
            'p.name as title',
            'f.name as subtitle',
            sql<string | null>`null`.as('path'),
            'p.price_minor as priceMinor',
            'p.currency',
            sql<string | null>`null`.as('startDateTime'),
            sql<string | null>`null`.as('timezone'),
            'p.image_path as imagePath',
            ...MEDIA_COLUMNS,
          ])
          .orderBy('h.exact', 'desc')
          .orderBy('h.score', 'desc')
          .orderBy('p.name')
          .orderBy('p.id');
      case 'events':
        return hits
          .crossJoin('events as e')
          .whereRef('e.id', '=', 'h.entity_id')
          .crossJoin('firms as f')
          .whereRef('f.id', '=', 'e.firm_id')
          .leftJoin('media as m', 'm.id', 'e.image_path')
          .where('f.status_code', '=', 1)
          .where('e.status_code', '=', PUBLISHED)
          .where('e.visibility', '=', LISTED)
          .where('e.start_date_time', '>=', now)
          .where(visibleTo(viewer, 'e.firm_id', 'e.audience'))
          .select([
            'e.id',
            'e.short_id as shortId',
            'e.name as title',
            'f.name as subtitle',
            sql<string | null>`null`.as('path'),
            sql<number | null>`null`.as('priceMinor'),
            'e.currency',
            'e.start_date_time as startDateTime',
            'f.timezone',
            'e.image_path as imagePath',
            ...MEDIA_COLUMNS,
          ])
          .orderBy('h.exact', 'desc')
          .orderBy('e.start_date_time')
          .orderBy('e.id');
      case 'posts':
        return hits
          .crossJoin('blog_posts as b')
          .whereRef('b.id', '=', 'h.entity_id')
          .crossJoin('firms as f')
          .whereRef('f.id', '=', 'b.firm_id')
          .leftJoin('media as m', 'm.id', 'b.image_path')
          .where('f.status_code', '=', 1)
          .where('b.status_code', '=', PUBLISHED)
          .where('b.published_date', 'is not', null)
          .where('b.published_date', '<=', now)
          .where(visibleTo(viewer, 'b.firm_id', 'b.audience'))
          .select([
            'b.id',
            'b.short_id as shortId',
            'b.name as title',
            'f.name as subtitle',
            sql<string | null>`null`.as('path'),
            sql<number | null>`null`.as('priceMinor'),
            sql<string | null>`null`.as('currency'),
            'b.published_date as startDateTime',
            'f.timezone',
            'b.image_path as imagePath',
            ...MEDIA_COLUMNS,
          ])
          .orderBy('h.exact', 'desc')
          .orderBy('b.published_date', 'desc')
          .orderBy('b.id');
    }
  }

  const PATHS: Record<SearchType, (shortId: string) => string> = {
    firms: (username) => `/${username}`,
    dishes: (id) => `/dish/${id}`,
    products: (id) => `/product/${id}`,
    events: (id) => `/event/${id}`,
    posts: (id) => `/blog/${id}`,
  };

  const toHit = (type: SearchType, row: Row): SearchHit => ({
    type,
    id: row.id,
    path: PATHS[type](row.shortId),
    title: row.title,
    subtitle: row.subtitle,
    priceMinor: row.priceMinor === null ? null : Number(row.priceMinor),
    currency: row.currency,
    startDateTime: row.startDateTime,
    timezone: row.timezone,
    ...imageFields(row),
  });

  /**
   * A search read's rows. PostgreSQL prices a look-up by id as a read from disk (random_page_cost 4):
   * against a few hundred matches it read a whole table of dishes or firms to hash it, several times
   * slower than looking the matches up, the tables being in memory. Search's reads are priced so.
   */
  async function rowsOf<R>(read: Compilable<R> & { execute(): Promise<R[]> }): Promise<R[]> {
    if (dialect !== 'postgres') return read.execute();
    return db.transaction().execute(async (trx) => {
      await sql`set local random_page_cost = 1.1`.execute(trx);
      return (await trx.executeQuery(read.compile())).rows;
    });
  }

  async function count(type: SearchType, terms: SearchTerms, viewer: string | undefined): Promise<number> {
    const base = query(type, terms, viewer).clearSelect().clearOrderBy();
    const [row] = await rowsOf(
      db.selectFrom(base.select(sql<number>`1`.as('one')).as('hits')).select((eb) => eb.fn.countAll<number>().as('total')),
    );
    return Number(row.total);
  }

  /**
   * One page of hits and how many there are in all, from one read (the count rides along as a window
   * over the same matches); a page past the end has no row to carry it, and counts apart.
   */
  async function found(
    type: SearchType,
    terms: SearchTerms,
    viewer: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ total: number; items: SearchHit[] }> {
    if (terms.words.length === 0) return { total: 0, items: [] };
    const rows = (await rowsOf(
      query(type, terms, viewer)
        .select(sql<number>`count(*) over ()`.as('total'))
        .limit(limit)
        .offset(offset),
    )) as (Row & { total: number })[];
    const total = rows.length > 0 ? Number(rows[0].total) : offset > 0 ? await count(type, terms, viewer) : 0;
    return { total, items: rows.map((row) => toHit(type, row)) };
  }

  return {
    /** The first few of each kind, with how many there are. */
    async grouped(term: string, viewer: string | undefined): Promise<SearchResults> {
      const terms = searchTerms(term);
      const groups = await Promise.all(
        SEARCH_TYPES.map(async (type) => {
          const { total, items } = await found(type, terms, viewer, SEARCH_GROUP_SIZE, 0);
          return { type, total, items };
        }),
      );
      return { query: term, groups };
    },

    /** One kind, page by page. */
    async page(type: SearchType, term: string, page: number, size: number, viewer: string | undefined): Promise<Paged<SearchHit>> {
      const terms = searchTerms(term);
      const { total, items } = await found(type, terms, viewer, size, page * size);
      return paged(items, page, size, total);
    },
  };
}
