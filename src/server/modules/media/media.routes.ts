import { z } from 'zod';
import { IMAGE_SIZES, type ImageSize } from '../../../shared/media';
import type { AppDeps } from '../../app-deps';
import { HttpError } from '../../lib/errors';
import { isPrivateMediaId, renditionKey } from '../../lib/media';
import { createRoute, createRouter, media, problems } from '../../lib/openapi';

const rendition = createRoute({
  method: 'get',
  path: '/{id}/{file}',
  tags: ['Media'],
  summary: 'One rendition of a stored image',
  description: `\`file\` is \`{size}.webp\`, size one of ${IMAGE_SIZES.join(', ')}; \`id\` is the \`imagePath\` of an answer.`,
  request: { params: z.object({ id: z.string(), file: z.string() }) },
  responses: {
    200: media('image/webp', 'The rendition; immutable.'),
    301: { description: "MEDIA_REDIRECT=1: the rendition's address in the object store (Location); immutable." },
    ...problems(404),
  },
});

/** `GET /media/{id}/{size}.webp`: renditions never change once written, so they cache forever (lib/storage.ts holds them). */
export function mediaRoutes({ storage }: AppDeps) {
  return createRouter().openapi(rendition, async (c) => {
    const { id, file } = c.req.valid('param');
    const size = file.replace(/\.webp$/, '') as ImageSize;
    // private media (message attachments) are read only through their conversation's routes
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id) || isPrivateMediaId(id) || !IMAGE_SIZES.includes(size))
      throw new HttpError(404, 'Image not found.');
    const immutable = 'public, max-age=31536000, immutable';
    // MEDIA_REDIRECT: the browser fetches it from the store itself (renditions never change, so neither does this answer)
    if (storage.publicUrl) {
      return c.body(null, 301, { Location: storage.publicUrl(renditionKey(id, size)), 'Cache-Control': immutable });
    }
    // from the media storage: the same on every process when it is an S3-compatible store
    const body = await storage.get(renditionKey(id, size));
    if (!body) throw new HttpError(404, 'Image not found.');
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': 'image/webp',
      'Cache-Control': immutable,
    });
  });
}
