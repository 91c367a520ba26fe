import { Hono } from 'hono';
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

/** The public marketplace's part of `/api/user` (one mount point keeps app.ts edits small). */
export function marketplaceUserRoutes(deps: AppDeps) {
  return new Hono()
    .route('/explore', exploreRoutes(deps))
    .route('/user-saved', savedRoutes(deps))
    .route('/follows', followRoutes(deps))
    .route('/profile', followingRoutes(deps))
    .route('/profile', profileByFlipRoutes(deps))
    .route('/people', peopleRoutes(deps));
}

/** The public marketplace's part of `/api/public` (the spec's dashboard-user API). */
export function marketplacePublicRoutes(deps: AppDeps) {
  return new Hono()
    .route('/firms', firmRoutes(deps))
    .route('/events', eventRoutes(deps))
    .route('/blog-posts', blogRoutes(deps))
    .route('/menu', menuRoutes(deps))
    .route('/products', productRoutes(deps));
}
