import { createRouter } from '../lib/openapi';
import type { AppDeps } from '../app-deps';
import type { ResponseCache } from '../lib/response-cache';
import { firmRoutes } from '../modules/firms/firms.routes';
import { eventRoutes } from '../modules/events/events.routes';
import { blogRoutes } from '../modules/blog/blog.routes';
import { menuRoutes } from '../modules/menus/menus.routes';
import { productRoutes } from '../modules/products/products.routes';
import { searchRoutes } from '../modules/search/search.routes';
import { tableVisitRoutes } from '../modules/firm-tables/firm-tables.routes';
import { pageViewRoutes } from '../modules/performance/performance.routes';

import { publicBookingRoutes } from '../modules/bookings/bookings.routes';
import { calendarFeedRoutes } from '../modules/calendar/calendar.routes';
/**
 * `/api/public`, the spec's dashboard-user API: what anyone may read of the firms (pages, QR
 * codes, events, blog, menus, products), and the beacon that counts their views. Every GET is micro-cached (src/server/lib/response-cache.ts).
 */
export function publicApi(deps: AppDeps, publicCache: ResponseCache) {
  const router = createRouter();
  router.use('*', publicCache.middleware);
  return router
    .route('/firms', firmRoutes(deps))
    .route('/events', eventRoutes(deps))
    .route('/blog-posts', blogRoutes(deps))
    .route('/menu', menuRoutes(deps))
    .route('/products', productRoutes(deps))
    .route('/search', searchRoutes(deps))
    .route('/tables', tableVisitRoutes(deps))
    .route('/bookings', publicBookingRoutes(deps))
    .route('/calendar-feeds', calendarFeedRoutes(deps))
    .route('/page-views', pageViewRoutes(deps));
}
