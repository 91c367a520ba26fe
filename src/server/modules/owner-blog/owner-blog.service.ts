import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Paged } from '../../../shared/paging';
import { BLOG_LIMITS, BLOG_STATUS, type BlogPatch, type OwnerBlogCard, type OwnerBlogPost } from '../../../shared/owner-blog';
import { imageFields, MEDIA_COLUMNS } from '../../db/media-columns';
import { parseNames } from '../../db/sql-helpers';
import { articleText, sanitizeArticle } from '../../lib/article-html';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { MODERATION_HIDDEN_STATUS } from '../../../shared/moderation';
import { randomId, shortId } from '../../lib/ids';
import { paged } from '../../lib/paging';
import { assertCanCreate } from '../../lib/plans';
import { assertFirmImage } from '../../lib/workspace-content';
import { audienceOf, isFollowersOnly } from '../../../shared/audience';

type Trx = Transaction<Database>;

/** The pictures an article body shows from our media (`/media/{id}/…`). */
export function articleImages(html: string): string[] {
  return [...html.matchAll(/\/media\/([A-Za-z0-9_-]{1,64})\//g)].map((match) => match[1]);
}

/**
 * The owner's blog posts: the dashboard list (every status), drafts, partial saves
 * (the editor's autosave) with the body sanitized by THE article sanitizer on every save, the
 * draft/published toggle (the published date set on the first publication), deleting.
 */
export function createOwnerBlogService(db: Kysely<Database>, clock: () => Date) {
  function cardQuery(executor: Kysely<Database> | Trx = db) {
    return executor
      .selectFrom('blog_posts as b')
      .leftJoin('media as m', 'm.id', 'b.image_path')
      .select([
        'b.id',
        'b.short_id as shortId',
        'b.name',
        'b.short_summary as shortSummary',
        'b.category_key as categoryKey',
        'b.status_code as statusCode',
        'b.published_date as publishedDate',
        'b.created_at as createdAt',
        'b.updated_at as updatedAt',
        'b.audience',
        'b.image_path as imagePath',
        ...MEDIA_COLUMNS,
      ]);
  }
  type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['executeTakeFirstOrThrow']>>;
  const toCard = (row: CardRow): OwnerBlogCard => ({
    id: row.id,
    shortId: row.shortId,
    name: row.name,
    shortSummary: row.shortSummary,
    categoryKey: row.categoryKey,
    statusCode: row.statusCode,
    publishedDate: row.publishedDate,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    followersOnly: isFollowersOnly(row.audience),
    ...imageFields(row),
  });

  async function read(id: string, executor: Kysely<Database> | Trx = db): Promise<OwnerBlogPost> {
    const row = await cardQuery(executor)
      .innerJoin('firms as f', 'f.id', 'b.firm_id')
      .select(['b.content', 'b.firm_id as firmId', 'f.username as firmUsername', 'f.name as firmName', 'f.timezone as firmTimezone'])
      .where('b.id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('Blog post not found.');
    return {
      ...toCard(row),
      firmId: row.firmId,
      firmUsername: row.firmUsername,
      firmName: row.firmName,
      firmTimezone: row.firmTimezone,
      content: row.content,
    };
  }

  async function byShortId(shortIdValue: string): Promise<OwnerBlogPost> {
    const row = await db.selectFrom('blog_posts').select('id').where('short_id', '=', shortIdValue).executeTakeFirst();
    if (!row) throw notFound('Blog post not found.');
    return read(row.id);
  }

  /** The dashboard list: every post of the firm, the last written first. */
  async function list(firmId: string, page: number, size: number): Promise<Paged<OwnerBlogCard>> {
    const [count, rows] = await Promise.all([
      db
        .selectFrom('blog_posts')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('firm_id', '=', firmId)
        .executeTakeFirstOrThrow(),
      cardQuery()
        .where('b.firm_id', '=', firmId)
        .orderBy('b.created_at', 'desc')
        .orderBy('b.id')
        .limit(size)
        .offset(page * size)
        .execute(),
    ]);
    return paged(rows.map(toCard), page, size, Number(count.total));
  }

  /** `POST /blog-posts/create`: a draft with the title asked for (none without a body), if the plan allows one more (CREATE_BLOG). */
  async function createDraft(firmId: string, name = ''): Promise<OwnerBlogPost> {
    const now = clock().toISOString();
    const id = randomId();
    await db.transaction().execute(async (trx) => {
      await assertCanCreate(trx, firmId, 'CREATE_BLOG', clock());
      await trx
        .insertInto('blog_posts')
        .values({
          id,
          short_id: shortId(),
          firm_id: firmId,
          name,
          short_summary: '',
          content: '',
          image_path: null,
          category_key: null,
          status_code: BLOG_STATUS.DRAFT,
          published_date: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    });
    return read(id);
  }

  async function lockPost(trx: Trx, firmId: string, id: string) {
    await trx
      .updateTable('blog_posts')
      .set((eb) => ({ status_code: eb.ref('status_code') }))
      .where('id', '=', id)
      .execute();
    const row = await trx.selectFrom('blog_posts').selectAll().where('id', '=', id).where('firm_id', '=', firmId).executeTakeFirst();
    if (!row) throw notFound('Blog post not found.');
    return row;
  }

  /** A published post keeps a title and a body. */
  function assertPublishable(post: { name: string; content: string }) {
    const errors: Record<string, string[]> = {};
    if (!post.name.trim()) errors.name = ['validation.required'];
    if (!articleText(post.content) && articleImages(post.content).length === 0 && !/<img\s/i.test(post.content)) {
      errors.content = ['validation.required'];
    }
    if (Object.keys(errors).length > 0) throw badRequest('A published post needs a title and some content.', errors);
  }

  /**
   * `PATCH /blog-posts/{id}`: the given fields only, in one transaction; the body sanitized. Answers
   * the post and the pictures the save let go of (the cover, or images taken out of the body).
   */
  async function patch(firmId: string, id: string, changes: BlogPatch): Promise<{ post: OwnerBlogPost; released: string[] }> {
    const released: string[] = [];
    await db.transaction().execute(async (trx) => {
      const current = await lockPost(trx, firmId, id);
      const errors: Record<string, string[]> = {};
      if (changes.categoryKey) {
        const category = await trx.selectFrom('blog_categories').select('key').where('key', '=', changes.categoryKey).executeTakeFirst();
        if (!category) errors.categoryKey = ['validation.unknownCategory'];
      }
      if (changes.imagePath !== undefined) {
        await assertFirmImage(trx, firmId, changes.imagePath, current.image_path).catch((error: { errors?: Record<string, string[]> }) => {
          Object.assign(errors, error.errors);
        });
      }
      if (Object.keys(errors).length > 0) throw badRequest('Bad request – please check your input.', errors);
      const content = changes.content === undefined ? undefined : sanitizeArticle(changes.content);
      const next = { name: changes.name ?? current.name, content: content ?? current.content };
      if (current.status_code === BLOG_STATUS.PUBLISHED) assertPublishable(next);
      await trx
        .updateTable('blog_posts')
        .set({
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.shortSummary !== undefined ? { short_summary: changes.shortSummary } : {}),
          ...(content !== undefined ? { content } : {}),
          ...(changes.imagePath !== undefined ? { image_path: changes.imagePath } : {}),
          ...(changes.categoryKey !== undefined ? { category_key: changes.categoryKey } : {}),
          ...(changes.followersOnly !== undefined ? { audience: audienceOf(changes.followersOnly) } : {}),
          updated_at: clock().toISOString(),
        })
        .where('id', '=', id)
        .execute();
      if (changes.imagePath !== undefined && current.image_path && current.image_path !== changes.imagePath)
        released.push(current.image_path);
      if (content !== undefined) {
        const kept = new Set(articleImages(content));
        released.push(...articleImages(current.content).filter((image) => !kept.has(image)));
      }
    });
    return { post: await read(id), released };
  }

  /**
   * `PATCH /blog-posts/{id}/status`: draft ⇄ published (spec: no body). Publishing needs a title
   * and a body; the first publication sets the published date (and, without a summary, takes
   * one from the body).
   */
  async function toggleStatus(firmId: string, id: string): Promise<{ post: OwnerBlogPost; firstPublished: boolean }> {
    const now = clock().toISOString();
    const firstPublished = await db.transaction().execute(async (trx) => {
      const current = await lockPost(trx, firmId, id);
      // only an admin's restore brings back what an admin hid
      if (current.status_code === MODERATION_HIDDEN_STATUS) throw new HttpError(409, 'An admin hid this post.', 'hidden_by_admin');
      if (current.status_code === BLOG_STATUS.PUBLISHED) {
        await trx.updateTable('blog_posts').set({ status_code: BLOG_STATUS.DRAFT, updated_at: now }).where('id', '=', id).execute();
        return false;
      }
      assertPublishable(current);
      const summary = current.short_summary.trim() || truncate(articleText(current.content), BLOG_LIMITS.summary);
      await trx
        .updateTable('blog_posts')
        .set({
          status_code: BLOG_STATUS.PUBLISHED,
          published_date: current.published_date ?? now,
          short_summary: summary,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
      return current.published_date === null;
    });
    return { post: await read(id), firstPublished };
  }

  /** `DELETE /blog-posts/{id}`: the post, and the pictures it held (for the route to discard). */
  async function remove(firmId: string, id: string): Promise<string[]> {
    return db.transaction().execute(async (trx) => {
      const current = await lockPost(trx, firmId, id);
      await trx.deleteFrom('blog_posts').where('id', '=', id).execute();
      return [current.image_path, ...articleImages(current.content)].filter((image): image is string => Boolean(image));
    });
  }

  async function categories() {
    const rows = await db.selectFrom('blog_categories').selectAll().orderBy('sort').orderBy('key').execute();
    return rows.map((row) => ({ key: row.key, names: parseNames(row.names) }));
  }

  return { read, byShortId, list, createDraft, patch, toggleStatus, remove, categories };
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
