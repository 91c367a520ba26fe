import { sql, type Kysely, type Transaction } from 'kysely';
import type { AppDeps } from '../app-deps';
import type { Database } from '../db/schema';
import type { Permission } from '../../shared/permissions';
import { uploadedImageSchema } from '../../shared/uploaded-image';
import { firmIdQuerySchema } from '../../shared/workspace';
import { badRequest, HttpError } from './errors';
import { IMAGE_MAX_BYTES, imageUpload } from './media';
import { createRoute, json, problems, SIGNED_IN, type Router } from './openapi';
import { requireEmployment, type FirmFrom } from './permissions';
import { PRIVATE_NO_STORE } from './http-cache';

/**
 * What the workspace's content editors (events, blog, menus, shop) share: the firm of an
 * entity named in a JSON body, one image upload per area through the shared pipeline, the check
 * that a picture a save names is the firm's own, and removing a replaced picture nobody uses.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** A conflict with what is there (sold tickets, stock, a menu changed meanwhile): 409 with a code the forms translate. */
export function conflict(detail: string, code: string, errors?: Record<string, string[]>): HttpError {
  return new HttpError(409, detail, code, errors);
}

/**
 * The firm of the entity whose id is the JSON body's `id` (`PUT /events`): the body is read once
 * (Hono keeps it for the validator). A body without an id is the validator's 400.
 */
export function bodyEntityFirm(table: 'events'): FirmFrom {
  return async (c, db) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw badRequest('Bad request – please check your input.', { _: ['Malformed JSON.'] });
    }
    const id = typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : undefined;
    if (typeof id !== 'string' || id.length === 0 || id.length > 64) {
      throw badRequest('Bad request – please check your input.', { id: ['validation.required'] });
    }
    const row = await db.selectFrom(table).select('firm_id').where('id', '=', id).executeTakeFirst();
    return row?.firm_id;
  };
}

/**
 * A picture a save names must be one the firm's team uploaded (or the one the entity already
 * has): nobody can put another firm's upload, or a seed picture they guessed, on their page.
 */
export async function assertFirmImage(db: Db, firmId: string, imagePath: string | null, current: string | null, field = 'imagePath') {
  if (!imagePath || imagePath === current) return;
  const found = await db
    .selectFrom('media as m')
    .innerJoin('employments as e', 'e.user_id', 'm.uploaded_by')
    .select('m.id')
    .where('m.id', '=', imagePath)
    .where('e.firm_id', '=', firmId)
    .executeTakeFirst();
  if (!found) throw badRequest('This picture is not one of yours: upload it again.', { [field]: ['validation.image'] });
}

/** Every place a picture can be used: a replaced one is deleted only when none uses it any more. */
async function imageInUse(db: Db, id: string): Promise<boolean> {
  const used = (query: { limit(n: number): { executeTakeFirst(): Promise<unknown> } }) => query.limit(1).executeTakeFirst();
  const checks = [
    () => used(db.selectFrom('events').select('id').where('image_path', '=', id)),
    () => used(db.selectFrom('blog_posts').select('id').where('image_path', '=', id)),
    () =>
      used(
        db
          .selectFrom('blog_posts')
          .select('id')
          .where(sql<boolean>`content like ${`%/media/${id}/%`}`),
      ),
    () => used(db.selectFrom('menu_items').select('id').where('image_path', '=', id)),
    () => used(db.selectFrom('products').select('id').where('image_path', '=', id)),
    () => used(db.selectFrom('firms').select('id').where('image_path', '=', id)),
    () => used(db.selectFrom('users').select('id').where('image_path', '=', id)),
  ];
  for (const check of checks) if (await check()) return true;
  return false;
}

/** The image upload of one workspace area, and the removal of pictures a save replaced. */
export function contentImages(deps: AppDeps) {
  const upload = imageUpload(deps);
  return {
    /**
     * `POST {base}/images?firmId=`: stores a picture for the firm's `permission` holders and answers
     * its media id; the entity's save names it (`imagePath`, or `<img src>` in an article).
     */
    mount(router: Router, options: { tags: string[]; permission: Permission; what: string }) {
      const route = createRoute({
        method: 'post',
        path: '/images',
        tags: options.tags,
        security: SIGNED_IN,
        middleware: [requireEmployment(options.permission), ...upload.guards],
        summary: `Uploads a picture for ${options.what} (${IMAGE_MAX_BYTES / (1024 * 1024)} MB at most)`,
        description: 'JPEG, PNG, WebP, GIF or AVIF, 40 megapixels at most; SVG is refused. Answers the media id a save then names.',
        request: {
          query: firmIdQuerySchema,
          body: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: { type: 'object', properties: { image: { type: 'string', format: 'binary' } }, required: ['image'] },
              },
            },
          },
        },
        responses: {
          201: json(uploadedImageSchema, 'The stored picture.', 'UploadedImage'),
          ...problems(400, 401, 403, 413, 429, 503),
        },
      });
      router.openapi(route, async (c) => {
        const employment = c.get('employment')!;
        const stored = await upload.store(c, { uploadedBy: employment.userId });
        return c.json(
          { imagePath: stored.id, imageWidth: stored.width, imageHeight: stored.height, imageColor: stored.color },
          201,
          PRIVATE_NO_STORE,
        );
      });
    },
    /** After a save committed: deletes the pictures it let go of, when nothing uses them any more. */
    async discardUnused(ids: Iterable<string | null | undefined>) {
      for (const id of new Set(ids)) {
        if (id && !(await imageInUse(deps.db, id))) await upload.discard(id);
      }
    },
  };
}

/** The firm of the entity whose short id is the path parameter `param` (`GET /events/sid/{shortId}`). */
export function shortIdFirm(table: 'events' | 'blog_posts', param: string): FirmFrom {
  return async (c, db) => {
    const shortId = c.req.param(param);
    if (!shortId) return undefined;
    const row = await db.selectFrom(table).select('firm_id').where('short_id', '=', shortId).executeTakeFirst();
    return row?.firm_id;
  };
}

/** The firm's name and the people following it: who a first publication is announced to. */
export async function firmFollowers(db: Db, firmId: string): Promise<{ firmName: string; followerIds: string[] }> {
  const firm = await db.selectFrom('firms').select('name').where('id', '=', firmId).executeTakeFirstOrThrow();
  const rows = await db.selectFrom('follows').select('user_id').where('firm_id', '=', firmId).execute();
  return { firmName: firm.name, followerIds: rows.map((row) => row.user_id) };
}
