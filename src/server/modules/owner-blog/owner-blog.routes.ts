import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import {
  blogCategoryListSchema,
  blogPatchSchema,
  newBlogPostSchema,
  ownerBlogPageSchema,
  ownerBlogPostSchema,
  ownerBlogQuerySchema,
} from '../../../shared/owner-blog';
import { firmIdQuerySchema } from '../../../shared/workspace';
import { allowBody } from '../../lib/body-limit';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, idParam, json, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, entityFirm, requireAccount, requireEmployment } from '../../lib/permissions';
import { contentImages, firmFollowers, shortIdFirm } from '../../lib/workspace-content';
import { notify } from '../notifications/notify';
import { createOwnerBlogService } from './owner-blog.service';

const tags = ['Workspace: blog'];
const security = SIGNED_IN;
const postFirm = entityFirm('blog_posts', 'id');
/** An article's HTML may be long: the editor's saves get more than the default 64 KB. */
const ARTICLE_BODY_BYTES = 1024 * 1024;

const list = createRoute({
  method: 'get',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('firm.view')],
  summary: "The firm's posts, drafts too, the last written first (page 0, size 4 by default)",
  request: { query: ownerBlogQuerySchema },
  responses: { 200: json(ownerBlogPageSchema, 'A page of posts.', 'OwnerBlogPage'), ...problems(400, 401, 403) },
});
const categories = createRoute({
  method: 'get',
  path: '/categories',
  tags,
  security,
  middleware: [requireAccount],
  summary: 'The blog categories a post can have',
  responses: { 200: json(blogCategoryListSchema, 'The categories.', 'BlogCategories'), ...problems(401) },
});
const bySid = createRoute({
  method: 'get',
  path: '/sid/{shortId}',
  tags,
  security,
  middleware: [requireEmployment('firm.view', shortIdFirm('blog_posts', 'shortId'))],
  summary: 'A post of one of my firms by short id, as its editor reads it',
  request: { params: z.object({ shortId: z.string().min(1).max(64) }) },
  responses: { 200: json(ownerBlogPostSchema, 'The post.', 'OwnerBlogPost'), ...problems(401, 403, 404) },
});
const create = createRoute({
  method: 'post',
  path: '/create',
  tags,
  security,
  middleware: [requireEmployment('content.edit')],
  summary: 'Creates a draft post (no body, or its title), if the plan allows one more (CREATE_BLOG)',
  request: { query: firmIdQuerySchema, body: { required: false, content: { 'application/json': { schema: newBlogPostSchema } } } },
  responses: { 201: json(ownerBlogPostSchema, 'The new draft.', 'OwnerBlogPost'), ...problems(400, 401, 403) },
});
const patch = createRoute({
  method: 'patch',
  path: '/{id}',
  tags,
  security,
  middleware: [requireEmployment('content.edit', postFirm), allowBody(ARTICLE_BODY_BYTES)],
  summary: 'Saves some fields of a post (the editor’s autosave); the body is sanitized on every save',
  request: { params: idParam, body: { required: true, content: { 'application/json': { schema: blogPatchSchema } } } },
  responses: { 200: json(ownerBlogPostSchema, 'The saved post.', 'OwnerBlogPost'), ...problems(400, 401, 403, 404, 413) },
});
const status = createRoute({
  method: 'patch',
  path: '/{id}/status',
  tags,
  security,
  middleware: [requireEmployment('content.edit', postFirm)],
  summary: 'Publishes a draft or takes a published post back to draft (no body)',
  description: 'Publishing needs a title and a body (400 naming them); the first publication sets the published date.',
  request: { params: idParam },
  responses: { 200: json(ownerBlogPostSchema, 'The post.', 'OwnerBlogPost'), ...problems(400, 401, 403, 404) },
});
const remove = createRoute({
  method: 'delete',
  path: '/{id}',
  tags,
  security,
  middleware: [requireEmployment('content.edit', postFirm)],
  summary: 'Deletes a post and the pictures only it used',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted.' }, ...problems(401, 403, 404) },
});

/** `/api/dashboard/blog-posts`: the spec's Dashboard API blog paths, the categories, the picture upload. */
export function ownerBlogRoutes(deps: AppDeps) {
  const blog = createOwnerBlogService(deps.db, deps.clock);
  const images = contentImages(deps);
  const router = createRouter();
  images.mount(router, { tags, permission: 'content.edit', what: 'a blog post (its cover or its body)' });
  return router
    .openapi(list, async (c) => {
      const { page, size } = c.req.valid('query');
      return c.json(await blog.list(employmentOf(c).firmId, page, size), 200, PRIVATE_NO_STORE);
    })
    .openapi(categories, async (c) => c.json(await blog.categories(), 200, PRIVATE_NO_STORE))
    .openapi(bySid, async (c) => c.json(await blog.byShortId(c.req.valid('param').shortId), 200, PRIVATE_NO_STORE))
    .openapi(create, async (c) => c.json(await blog.createDraft(employmentOf(c).firmId, c.req.valid('json')?.name), 201, PRIVATE_NO_STORE))
    .openapi(patch, async (c) => {
      const { post, released } = await blog.patch(employmentOf(c).firmId, c.req.valid('param').id, c.req.valid('json'));
      await images.discardUnused(released);
      return c.json(post, 200, PRIVATE_NO_STORE);
    })
    .openapi(status, async (c) => {
      const employment = employmentOf(c);
      const { post, firstPublished } = await blog.toggleStatus(employment.firmId, c.req.valid('param').id);
      if (firstPublished) {
        const { firmName, followerIds } = await firmFollowers(deps.db, employment.firmId);
        void notify(deps, {
          to: followerIds,
          kind: 'firm.post',
          params: { firmName, postName: post.name, postShortId: post.shortId },
          actorId: employment.userId,
        });
      }
      return c.json(post, 200, PRIVATE_NO_STORE);
    })
    .openapi(remove, async (c) => {
      const released = await blog.remove(employmentOf(c).firmId, c.req.valid('param').id);
      await images.discardUnused(released);
      return c.body(null, 204);
    });
}
