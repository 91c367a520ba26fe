import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { BlogCard, BlogPost } from '../../../shared/blog';
import type { Paged } from '../../../shared/paging';
import { paged } from '../../lib/paging';
import { imageFields, MEDIA_COLUMNS } from '../../db/media-columns';
import { parseNames } from '../../db/sql-helpers';
import { isFollowersOnly } from '../../../shared/audience';
import { visibleTo } from '../firm-followers/audience';
import { sanitizeArticle } from '../../lib/article-html';
import { boundedCache } from '../../../shared/bounded-cache';

const PUBLISHED = 1;

export function createBlogService(db: Kysely<Database>, clock: () => Date) {
  /** Published posts `viewer` may see (followers-only ones for the firm's followers and team). */
  function cardQuery(viewer: string | undefined) {
    return db
      .selectFrom('blog_posts as b')
      .innerJoin('firms as f', 'f.id', 'b.firm_id')
      .leftJoin('blog_categories as c', 'c.key', 'b.category_key')
      .leftJoin('media as m', 'm.id', 'b.image_path')
      .select([
        'b.id',
        'b.short_id as shortId',
        'b.name',
        'b.short_summary as shortSummary',
        'b.category_key as categoryKey',
        'c.names as categoryNames',
        'b.published_date as publishedDate',
        'b.image_path as imagePath',
        'f.name as firmName',
        'f.image_path as firmImagePath',
        'f.username as firmUsername',
        'f.timezone as firmTimezone',
        'b.audience',
        ...MEDIA_COLUMNS,
      ])
      .where(visibleTo(viewer, 'b.firm_id', 'b.audience'))
      .where('b.status_code', '=', PUBLISHED)
      .where('b.published_date', 'is not', null)
      .where('b.published_date', '<=', clock().toISOString())
      .where('f.status_code', '=', 1);
  }
  type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['executeTakeFirstOrThrow']>>;

  function toCard(row: CardRow): BlogCard {
    return {
      id: row.id,
      shortId: row.shortId,
      name: row.name,
      shortSummary: row.shortSummary,
      category: row.categoryKey && row.categoryNames ? { key: row.categoryKey, names: parseNames(row.categoryNames) } : null,
      publishedDate: row.publishedDate!,
      firmName: row.firmName,
      firmImagePath: row.firmImagePath,
      firmUsername: row.firmUsername,
      firmTimezone: row.firmTimezone,
      followersOnly: isFollowersOnly(row.audience),
      ...imageFields(row),
    };
  }

  async function list(page: number, size: number, viewer: string | undefined, firmUsername?: string): Promise<Paged<BlogCard>> {
    const scoped = () => {
      const q = cardQuery(viewer);
      return firmUsername ? q.where(sql`lower(f.username)`, '=', firmUsername.toLowerCase()) : q;
    };
    const [count, rows] = await Promise.all([
      scoped()
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
      scoped()
        .orderBy('b.published_date', 'desc')
        .orderBy('b.id')
        .limit(size)
        .offset(page * size)
        .execute(),
    ]);
    return paged(rows.map(toCard), page, size, Number(count.total));
  }

  const sanitized = boundedCache<string, string>(500);

  async function byShortId(shortId: string, viewer: string | undefined): Promise<BlogPost | undefined> {
    const row = await cardQuery(viewer).select(['b.content', 'b.firm_id as firmId']).where('b.short_id', '=', shortId).executeTakeFirst();
    if (!row) return undefined;
    // Bodies are sanitized on save too; serving sanitizes again (older rows, seeds), memoised per body.
    let content = sanitized.get(row.content);
    if (content === undefined) {
      content = sanitized.set(row.content, sanitizeArticle(row.content));
    }
    return { ...toCard(row), content, firmId: row.firmId };
  }

  return { list, byShortId };
}
