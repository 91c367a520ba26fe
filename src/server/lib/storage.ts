import fs from 'node:fs/promises';
import path from 'node:path';
import type { Env } from './env';

/**
 * Where image renditions live (lib/media.ts writes them once, `GET /media/...` serves them):
 *
 * - a local folder (default: `DATA_DIR/media`, or `MEDIA_DIR`): right for the one embedded
 *   process, or for several on one machine (or a shared mount) given one MEDIA_DIR;
 * - an S3-compatible object store (`MEDIA_STORAGE=s3`: AWS S3, MinIO, Ceph, Garage, R2, …),
 *   shared by every process of a deployment, so a picture uploaded through one is served by all.
 *
 * Keys are file names: an image's renditions (`{id}-{size}.webp`), a firm's document as it was uploaded
 * (`{id}-document.pdf`, `.jpg` or `.png`, src/server/modules/firm-legal). Each is written once and never changes.
 */
export interface MediaStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** the object, or null when there is none */
  get(key: string): Promise<Buffer | null>;
  delete(keys: string[]): Promise<void>;
  /** the folder of a local store (the seed renders straight into it), else undefined */
  folder?: string;
  /**
   * MEDIA_REDIRECT: where a browser fetches the object itself (the store's public address), so
   * `GET /media/...` answers a redirect there instead of the bytes; undefined: the app sends them.
   */
  publicUrl?(key: string): string;
  /** the origin of `publicUrl` (the pages' Content-Security-Policy lets images come from it) */
  publicOrigin?: string;
}

/** Keys are file names we make; anything else (a path, a dot-dot) is refused outright. */
function checked(key: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}-[a-z]{1,10}\.(webp|pdf|jpg|png)$/.test(key)) throw new Error(`not a media key: ${key}`);
  return key;
}

export function createFolderStorage(folder: string): MediaStorage {
  return {
    folder,
    async put(key, body) {
      await fs.mkdir(folder, { recursive: true, mode: 0o700 });
      const file = path.join(folder, checked(key));
      // written whole under another name first, so a reader never sees half a picture
      const partial = `${file}.${process.pid}.partial`;
      await fs.writeFile(partial, body, { mode: 0o600 });
      await fs.rename(partial, file);
    },
    async get(key) {
      try {
        return await fs.readFile(path.join(folder, checked(key)));
      } catch {
        return null;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => fs.rm(path.join(folder, checked(key)), { force: true })));
    },
  };
}

export interface S3Options {
  bucket: string;
  /** e.g. http://127.0.0.1:9000 for a self-hosted store; default: AWS's for the region */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (http://host/bucket/key), as most self-hosted stores want */
  forcePathStyle: boolean;
  /** prepended to every key, e.g. `media/` */
  prefix: string;
  /** set (MEDIA_REDIRECT): the public address of the bucket's objects, `${publicBase}${prefix}${key}` */
  publicBase?: string;
}

/** An S3-compatible store through the AWS SDK (loaded only when configured). */
export async function createS3Storage(options: S3Options): Promise<MediaStorage> {
  const s3 = await import('@aws-sdk/client-s3');
  const client = new s3.S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
  const Key = (key: string) => `${options.prefix}${checked(key)}`;
  const publicBase = options.publicBase?.replace(/\/?$/, '/');
  return {
    ...(publicBase && {
      publicUrl: (key: string) => `${publicBase}${Key(key)}`,
      publicOrigin: new URL(publicBase).origin,
    }),
    async put(key, body, contentType) {
      await client.send(
        new s3.PutObjectCommand({
          Bucket: options.bucket,
          Key: Key(key),
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new s3.GetObjectCommand({ Bucket: options.bucket, Key: Key(key) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === 'NoSuchKey' || name === 'NotFound') return null;
        throw error;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => client.send(new s3.DeleteObjectCommand({ Bucket: options.bucket, Key: Key(key) }))));
    },
  };
}

/** The local folder store: MEDIA_DIR, else DATA_DIR/media (where renditions always were). */
export function localStorageOf(env: Pick<Env, 'dataDir' | 'MEDIA_DIR'>): MediaStorage {
  return createFolderStorage(env.MEDIA_DIR ? path.resolve(env.MEDIA_DIR) : path.join(env.dataDir, 'media'));
}

/** The store the environment names (README: MEDIA_STORAGE, MEDIA_DIR, S3_*). */
export async function storageFromEnv(env: Env): Promise<MediaStorage> {
  if (env.MEDIA_STORAGE !== 's3') {
    if (env.MEDIA_REDIRECT === '1')
      throw new Error('MEDIA_REDIRECT=1 needs MEDIA_STORAGE=s3 (a folder has no address of its own to redirect to).');
    return localStorageOf(env);
  }
  if (!env.S3_BUCKET) throw new Error('MEDIA_STORAGE=s3 needs S3_BUCKET (and S3_ENDPOINT for a store other than AWS).');
  const forcePathStyle = env.S3_FORCE_PATH_STYLE === undefined ? Boolean(env.S3_ENDPOINT) : env.S3_FORCE_PATH_STYLE === 'true';
  // the objects' public address: a CDN when given, else the store's own (path or virtual-host style, as configured)
  const storeBase = env.S3_ENDPOINT
    ? forcePathStyle
      ? `${env.S3_ENDPOINT.replace(/\/$/, '')}/${env.S3_BUCKET}/`
      : `${new URL(env.S3_ENDPOINT).protocol}//${env.S3_BUCKET}.${new URL(env.S3_ENDPOINT).host}/`
    : `https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com/`;
  return createS3Storage({
    publicBase: env.MEDIA_REDIRECT === '1' ? (env.MEDIA_PUBLIC_URL ?? storeBase) : undefined,
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle,
    prefix: env.S3_PREFIX,
  });
}
