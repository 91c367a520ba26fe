import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { blogPageSchema, blogPostSchema, blogQuerySchema } from '../../../shared/blog';
import { notFound } from '../../lib/errors';
import { PUBLIC_CACHE } from '../../lib/http-cache';
import { viewerOf } from '../../lib/auth-context';
import { createRoute, createRouter, json, problems } from '../../lib/openapi';
import { createBlogService } from './blog.service';

const tags = ['Blog'];

const list = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Published blog posts, newest first, optionally of one firm',
  request: { query: blogQuerySchema },
  responses: { 200: json(blogPageSchema, 'A page of post cards.', 'BlogPage'), ...problems(400) },
});
const byShortId = createRoute({
  method: 'get',
  path: '/sid/{shortId}',
  tags,
  summary: 'A published blog post by short id (sanitized HTML)',
  request: { params: z.object({ shortId: z.string() }) },
  responses: { 200: json(blogPostSchema, 'The post.', 'BlogPost'), ...problems(404) },
});

/** `/api/public/blog-posts`: published posts, newest first, optionally of one firm. */
export function blogRoutes({ db, clock }: AppDeps) {
  const blog = createBlogService(db, clock);
  return createRouter()
    .openapi(list, async (c) => {
      const { page, size, firmUsername } = c.req.valid('query');
      return c.json(await blog.list(page, size, await viewerOf(c), firmUsername), 200, PUBLIC_CACHE);
    })
    .openapi(byShortId, async (c) => {
      const post = await blog.byShortId(c.req.valid('param').shortId, await viewerOf(c));
      if (!post) throw notFound('Blog post not found.');
      return c.json(post, 200, PUBLIC_CACHE);
    });
}
