import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { IMAGE_SIZES, type ImageSize } from '../../shared/media';

/** Widths of the renditions; the large one is what the image modal shows. */
export const RENDITION_WIDTH: Record<ImageSize, number> = { small: 320, medium: 768, large: 1600 };

export function mediaDir(dataDir: string): string {
  return path.join(dataDir, 'media');
}

export function renditionPath(dataDir: string, id: string, size: ImageSize): string {
  return path.join(mediaDir(dataDir), `${id}-${size}.webp`);
}

export interface StoredImage {
  id: string;
  width: number;
  height: number;
  color: string;
}

/**
 * Stores an uploaded or generated image as three WebP renditions and records its intrinsic size
 * (for width/height attributes, no layout shift) and dominant colour (the loading placeholder).
 */
export async function storeImage(
  db: Kysely<Database>,
  dataDir: string,
  input: Buffer,
  options: { id?: string; now?: Date } = {},
): Promise<StoredImage> {
  const id = options.id ?? crypto.randomUUID().replace(/-/g, '').slice(0, 20);
  const source = sharp(input, { failOn: 'error' }).rotate();
  const meta = await source.metadata();
  if (!meta.width || !meta.height) throw new Error('Not an image');
  await fs.mkdir(mediaDir(dataDir), { recursive: true });
  for (const size of IMAGE_SIZES) {
    const width = Math.min(RENDITION_WIDTH[size], meta.width);
    await source
      .clone()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: size === 'small' ? 60 : 72, effort: 4 })
      .toFile(renditionPath(dataDir, id, size));
  }
  const { dominant } = await source.clone().stats();
  const color = `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  const stored = { id, width: meta.width, height: meta.height, color };
  await db
    .insertInto('media')
    .values({ ...stored, created_at: (options.now ?? new Date()).toISOString() })
    .execute();
  return stored;
}
