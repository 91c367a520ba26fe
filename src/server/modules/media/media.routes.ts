import fs from 'node:fs/promises';
import { Hono } from 'hono';
import { IMAGE_SIZES, type ImageSize } from '../../../shared/media';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { HttpError } from '../../lib/errors';
import { renditionPath } from '../../lib/media';

/** `GET /media/{id}/{size}.webp`: renditions never change once written, so they cache forever. */
export function mediaRoutes({ env }: AppDeps) {
  return new Hono<AppEnv>().get('/:id/:file', async (c) => {
    const id = c.req.param('id');
    const size = c.req.param('file').replace(/\.webp$/, '') as ImageSize;
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id) || !IMAGE_SIZES.includes(size)) throw new HttpError(404, 'Image not found.');
    let body: Buffer;
    try {
      body = await fs.readFile(renditionPath(env.dataDir, id, size));
    } catch {
      throw new HttpError(404, 'Image not found.');
    }
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': 'image/webp',
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
}
