import { accountScoped, entityScoped, firmScoped, MANAGERS, TEAM, type AuthzRows } from '../../testing/authorization';
import { imageForm, insertPost, usePremium } from '../../testing/catalogue-fixtures';
import { FIRM } from '../../testing/workspace-fixtures';

/**
 * Who may read and change the firm's blog (src/server/api/authorization-matrix.test.ts): the team
 * reads it; owners and managers (`content.edit`) write, publish and delete. Each changing cell
 * acts on a post of its own.
 */
export const rows: AuthzRows = {
  'GET /api/dashboard/blog-posts': {
    request: () => ({ path: `/api/dashboard/blog-posts?firmId=${FIRM}` }),
    expect: firmScoped(TEAM),
  },
  'GET /api/dashboard/blog-posts/categories': {
    request: () => ({ path: '/api/dashboard/blog-posts/categories' }),
    expect: accountScoped(),
  },
  'GET /api/dashboard/blog-posts/sid/{shortId}': {
    request: () => ({ path: '/api/dashboard/blog-posts/sid/blogb1xx' }),
    expect: entityScoped(TEAM),
  },
  'POST /api/dashboard/blog-posts/create': {
    request: async (w) => {
      await usePremium(w.ctx.deps.db, FIRM);
      return { path: `/api/dashboard/blog-posts/create?firmId=${FIRM}` };
    },
    expect: firmScoped(MANAGERS, 201),
  },
  'POST /api/dashboard/blog-posts/images': {
    request: async () => ({ path: `/api/dashboard/blog-posts/images?firmId=${FIRM}`, body: await imageForm() }),
    expect: firmScoped(MANAGERS, 201),
  },
  'PATCH /api/dashboard/blog-posts/{id}': {
    request: async (w) => ({
      path: `/api/dashboard/blog-posts/${(await insertPost(w.ctx.deps.db, FIRM)).id}`,
      body: { name: 'Renamed', content: '<p>New body</p>' },
    }),
    expect: entityScoped(MANAGERS),
  },
  'PATCH /api/dashboard/blog-posts/{id}/status': {
    request: async (w) => ({ path: `/api/dashboard/blog-posts/${(await insertPost(w.ctx.deps.db, FIRM)).id}/status` }),
    expect: entityScoped(MANAGERS),
  },
  'DELETE /api/dashboard/blog-posts/{id}': {
    request: async (w) => ({ path: `/api/dashboard/blog-posts/${(await insertPost(w.ctx.deps.db, FIRM)).id}` }),
    expect: entityScoped(MANAGERS, 204),
  },
};
