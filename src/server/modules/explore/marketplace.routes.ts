import { Hono, type MiddlewareHandler } from 'hono';
import type { AppDeps } from '../../app-deps';
import { exploreRoutes } from './explore.routes';
import { firmRoutes } from '../firms/firms.routes';
import { eventRoutes } from '../events/events.routes';
import { blogRoutes } from '../blog/blog.routes';
import { menuRoutes } from '../menus/menus.routes';
import { productRoutes } from '../products/products.routes';
import { savedRoutes } from '../saved/saved.routes';
import { followingRoutes, followRoutes } from '../follows/follows.routes';
import { peopleRoutes, profileByFlipRoutes } from '../people/people.routes';
import { createResponseCache, type ResponseCache } from './response-cache';

/** One micro-cache per app for the anonymous public reads of both bases. */
const caches = new WeakMap<AppDeps, ResponseCache>();
function cacheOf(deps: AppDeps): ResponseCache {
  let cache = caches.get(deps);
  if (!cache) caches.set(deps, (cache = createResponseCache()));
  return cache;
}

/** The public marketplace's part of `/api/user` (one mount point keeps app.ts edits small). */
export function marketplaceUserRoutes(deps: AppDeps) {
  const cache = cacheOf(deps);
  return new Hono()
    .use('/explore/*', cache.middleware)
    .route('/explore', exploreRoutes(deps))
    .route('/user-saved', savedRoutes(deps))
    .route('/follows', followRoutes(deps, cache.clear))
    .route('/profile', followingRoutes(deps))
    .route('/profile', profileByFlipRoutes(deps))
    .route('/people', peopleRoutes(deps));
}

/** The public marketplace's part of `/api/public` (the spec's dashboard-user API). */
export function marketplacePublicRoutes(deps: AppDeps) {
  return new Hono()
    .use('*', cacheOf(deps).middleware)
    .route('/firms', firmRoutes(deps))
    .route('/events', eventRoutes(deps))
    .route('/blog-posts', blogRoutes(deps))
    .route('/menu', menuRoutes(deps))
    .route('/products', productRoutes(deps));
}

/**
 * Any successful write anywhere in the API (an owner editing a menu, a follow, …) empties the
 * public micro-cache, so a read after a write in this process always sees the write.
 */
export function marketplaceCacheInvalidation(deps: AppDeps): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) && c.res.status < 400) cacheOf(deps).clear();
  };
}
