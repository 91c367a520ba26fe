import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { blogQuerySchema } from '../../../shared/blog';
import { notFound } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { PUBLIC_CACHE } from '../../lib/http-cache';
import { createBlogService } from './blog.service';

/** `/api/public/blog-posts`: published posts, newest first, optionally of one firm. */
export function blogRoutes({ db, clock }: AppDeps) {
  const blog = createBlogService(db, clock);
  return new Hono<AppEnv>()
    .get('/', validate('query', blogQuerySchema), async (c) => {
      const { page, size, firmUsername } = c.req.valid('query');
      return c.json(await blog.list(page, size, firmUsername), 200, PUBLIC_CACHE);
    })
    .get('/sid/:shortId', async (c) => {
      const post = await blog.byShortId(c.req.param('shortId'));
      if (!post) throw notFound('Blog post not found.');
      return c.json(post, 200, PUBLIC_CACHE);
    });
}
