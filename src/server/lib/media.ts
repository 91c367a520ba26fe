/**
 * THE image pipeline: every uploaded picture (a profile picture today; firm covers, blog images,
 * product pictures next) goes through it, so each upload route gets the same defences.
 *
 * A route that takes an image:
 *
 *   const upload = imageUpload(deps);            // once, where the router is built
 *   createRoute({ ..., middleware: [requireUser, ...upload.guards] })   // 8 MB body, per-account limit
 *   handler: const stored = await upload.store(c, { uploadedBy: user.id });   // 400 / 429 / 503 as problems
 *            ...save stored.id in the row (image_path)...
 *            await upload.discard(previousImageId);   // the replaced picture's renditions go
 *
 * What it guarantees: only JPEG, PNG, WebP, GIF and AVIF are read (by their bytes, not their
 * name; SVG is refused: a few bytes of SVG can ask for gigapixels); at most IMAGE_MAX_PIXELS
 * pixels, checked from the header before anything is decoded; one image processed at a time in
 * this process (a bounded queue, 503 when it is full); uploads per account and per address
 * limited; renditions written as small / medium / large WebP, once, to the media storage
 * (lib/storage.ts: a local folder, or an S3-compatible store every process shares). `storeImage`
 * is the same pipeline without HTTP (the seed and scripts).
 */
import path from 'node:path';
import crypto from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import type { Context, MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { AppEnv } from '../app-env';
import type { Database } from '../db/schema';
import { IMAGE_SIZES, type ImageSize } from '../../shared/media';
import { allowBody, byteSize } from './body-limit';
import { clientAddress } from './client-address';
import { currentUser } from './auth-context';
import { HttpError } from './errors';
import { consumeAll, createRateLimiter, tooManyRequests, type RateLimitStore } from './rate-limit';
import type { MediaStorage } from './storage';

/** Widths of the renditions; the large one is what the image modal shows. */
export const RENDITION_WIDTH: Record<ImageSize, number> = { small: 320, medium: 768, large: 1600 };
/** The largest upload (the body limit of an upload route). */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** The most pixels an image may have: 40 MP (e.g. 8000 × 5000), more than a phone camera's. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Images decoded at once in this process, and how many may wait for their turn. */
const POOL_SIZE = 1;
const POOL_QUEUE = 16;
/** Uploads per account (or per address when signed out), per window. */
export const UPLOADS_PER_ACCOUNT = 20;
const UPLOADS_PER_ADDRESS = 60;
const UPLOAD_WINDOW_MS = 10 * 60_000;

/**
 * Private media (message attachments): `msg_` + 128 random bits. `GET /media/…` refuses these ids;
 * their renditions are served only by routes that check the reader first.
 */
const PRIVATE_MEDIA_PREFIX = 'msg_';
export const privateMediaId = (): string => `${PRIVATE_MEDIA_PREFIX}${crypto.randomBytes(16).toString('hex')}`;
export const isPrivateMediaId = (id: string): boolean => id.startsWith(PRIVATE_MEDIA_PREFIX);

export function mediaDir(dataDir: string): string {
  return path.join(dataDir, 'media');
}

export function renditionPath(dataDir: string, id: string, size: ImageSize): string {
  return path.join(mediaDir(dataDir), renditionKey(id, size));
}

/** A rendition's key in the media storage (its file name in a local folder). */
export function renditionKey(id: string, size: ImageSize): string {
  return `${id}-${size}.webp`;
}

export interface StoredImage {
  id: string;
  width: number;
  height: number;
  color: string;
}

/** An image the pipeline will not take: a 400 naming the field, with a key the client translates. */
class ImageRefused extends HttpError {
  constructor(detail: string, key = 'validation.image', field = 'image') {
    super(400, detail, 'validation_failed', { [field]: [key] });
  }
}

type Format = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

/** What the bytes are, by their signature (never by a name or a Content-Type the client chose). */
export function sniffImageFormat(bytes: Uint8Array): Format | 'svg' | undefined {
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12))) return 'avif';
  // SVG (or any XML): text that starts with a tag once a BOM and blanks are skipped
  if (/^(\ufeff)?\s*</.test(Buffer.from(bytes.subarray(0, 512)).toString('utf8'))) return 'svg';
  return undefined;
}

/** A queue in front of the decoder: `size` at once, `queue` waiting; more is 503 "busy". */
export function createPool(size: number, queue: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= size) {
      if (waiting.length >= queue) {
        throw new HttpError(503, 'Many pictures are being processed right now. Please try again in a minute.', 'busy', undefined, {
          'Retry-After': '30',
        });
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

const decodeSlot = createPool(POOL_SIZE, POOL_QUEUE);

async function renderImage(storage: MediaStorage, id: string, input: Buffer): Promise<Omit<StoredImage, 'id'>> {
  const format = sniffImageFormat(input);
  if (format === 'svg')
    throw new ImageRefused('SVG pictures are not accepted: upload a JPEG, PNG, WebP, GIF or AVIF.', 'validation.imageType');
  if (!format) throw new ImageRefused('This file is not an image we can read.');
  const options = { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS, sequentialRead: true } as const;
  let meta;
  try {
    // the header only (no pixels decoded), read without the limit so that it can say what is over it
    meta = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused('This file is not an image we can read.');
  }
  if (meta.format !== format && !(format === 'avif' && meta.format === 'heif'))
    throw new ImageRefused('This file is not an image we can read.');
  if (!meta.width || !meta.height) throw new ImageRefused('This file is not an image we can read.');
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) {
    throw new ImageRefused(`The picture is too large: ${IMAGE_MAX_PIXELS / 1_000_000} megapixels at most.`, 'validation.imagePixels');
  }
  // Decoded once, already oriented and no wider than the largest rendition; the rest comes from that.
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? meta.height : meta.width;
  const height = rotated ? meta.width : meta.height;
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(input, options)
      .rotate()
      .resize({ width: RENDITION_WIDTH.large, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ImageRefused('This file is not an image we can read.');
  }
  const raw = { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } };
  for (const size of IMAGE_SIZES) {
    const webp = await sharp(base.data, raw)
      .resize({ width: Math.min(RENDITION_WIDTH[size], base.info.width), withoutEnlargement: true })
      .webp({ quality: size === 'small' ? 60 : 72, effort: 4 })
      .toBuffer();
    await storage.put(renditionKey(id, size), webp, 'image/webp');
  }
  const { dominant } = await sharp(base.data, raw).stats();
  const color = `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  return { width, height, color };
}

/**
 * Stores an image as three WebP renditions and records its intrinsic size (width/height
 * attributes, no layout shift) and dominant colour (the loading placeholder). Refuses what the
 * pipeline does not take (`ImageRefused`, a 400); waits for its turn in the decoding pool.
 * `uploadedBy`: the account that uploaded it (only uploaded images are ever discarded).
 */
export async function storeImage(
  db: Kysely<Database>,
  storage: MediaStorage,
  input: Buffer,
  options: { id?: string; now?: Date; uploadedBy?: string } = {},
): Promise<StoredImage> {
  const id = options.id ?? crypto.randomUUID().replace(/-/g, '').slice(0, 20);
  let rendered;
  try {
    rendered = await decodeSlot(() => renderImage(storage, id, input));
  } catch (error) {
    await removeRenditions(storage, id);
    throw error;
  }
  const stored = { id, ...rendered };
  await db
    .insertInto('media')
    .values({ ...stored, created_at: (options.now ?? new Date()).toISOString(), uploaded_by: options.uploadedBy ?? null })
    .execute();
  return stored;
}

async function removeRenditions(storage: MediaStorage, id: string): Promise<void> {
  await storage.delete(IMAGE_SIZES.map((size) => renditionKey(id, size)));
}

/**
 * Deletes a replaced or removed upload: its row and its renditions. Only uploaded images
 * (`uploadedBy` set) are deleted: an upload belongs to the one row that took it, while the demo
 * seed's pictures may be shared. Does nothing for null or an unknown id.
 */
export async function discardImage(db: Kysely<Database>, storage: MediaStorage, id: string | null | undefined): Promise<void> {
  if (!id || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) return;
  const deleted = await db.deleteFrom('media').where('id', '=', id).where('uploaded_by', 'is not', null).executeTakeFirst();
  if (Number(deleted.numDeletedRows) > 0) await removeRenditions(storage, id);
}

/** The file in a multipart form's `field`: 400 when the form is malformed or the file is missing or empty. */
export async function uploadedFile(
  c: Context<AppEnv>,
  field = 'image',
  missing = 'Choose an image to upload.',
): Promise<{ file: File; form: Record<string, unknown> }> {
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new HttpError(400, 'The upload could not be read: send it as multipart/form-data.', 'validation_failed', {
      [field]: ['validation.required'],
    });
  }
  const file = form[field];
  if (!(file instanceof File) || file.size === 0) {
    throw new HttpError(400, missing, 'validation_failed', { [field]: ['validation.required'] });
  }
  return { file, form };
}

/**
 * The per-account and per-address upload allowance (UPLOADS_PER_ACCOUNT, UPLOADS_PER_ADDRESS a window), shared by
 * every kind of upload: a picture or a document costs the same disk. After `requireUser`.
 */
export function uploadRateLimit(deps: { clock: () => Date; rateLimitStore: RateLimitStore }): MiddlewareHandler<AppEnv> {
  const now = () => deps.clock().getTime();
  const perAccount = createRateLimiter(
    deps.rateLimitStore,
    { name: 'upload-account', max: UPLOADS_PER_ACCOUNT, windowMs: UPLOAD_WINDOW_MS },
    now,
  );
  const perAddress = createRateLimiter(
    deps.rateLimitStore,
    { name: 'upload-address', max: UPLOADS_PER_ADDRESS, windowMs: UPLOAD_WINDOW_MS },
    now,
  );
  return async (c, next) => {
    const user = await currentUser(c);
    const verdict = await consumeAll([
      ...(user ? [{ limiter: perAccount, key: user.id }] : []),
      { limiter: perAddress, key: clientAddress(c) },
    ]);
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfter, 'Too many uploads');
    await next();
  };
}

/**
 * An image upload for routes: `guards` (the 8 MB body allowance and the per-account upload limit;
 * after `requireUser`), `store(c)` (reads the form's file and runs the pipeline) and `discard(id)`
 * (deletes a replaced picture). Build it once per router.
 */
export function imageUpload(deps: { db: Kysely<Database>; storage: MediaStorage; clock: () => Date; rateLimitStore: RateLimitStore }) {
  const limit = uploadRateLimit(deps);
  return {
    guards: [allowBody(IMAGE_MAX_BYTES, `The image is too large (${byteSize(IMAGE_MAX_BYTES)} at most).`), limit],
    /** `id`: the media id to store it under (private ids, e.g. message attachments); default a new random one */
    async store(c: Context<AppEnv>, options: { field?: string; uploadedBy: string; id?: string }): Promise<StoredImage> {
      const { file } = await uploadedFile(c, options.field);
      const input = Buffer.from(await file.arrayBuffer());
      try {
        return await storeImage(deps.db, deps.storage, input, { now: deps.clock(), uploadedBy: options.uploadedBy, id: options.id });
      } catch (error) {
        if (error instanceof ImageRefused && options.field && options.field !== 'image') {
          throw new ImageRefused(error.detail ?? 'This file is not an image we can read.', error.errors?.image?.[0], options.field);
        }
        throw error;
      }
    },
    discard: (id: string | null | undefined) => discardImage(deps.db, deps.storage, id),
  };
}
