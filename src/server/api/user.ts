import { createRouter } from '../lib/openapi';
import type { AppDeps } from '../app-deps';
import type { ResponseCache } from '../lib/response-cache';
import { exploreRoutes } from '../modules/explore/explore.routes';
import { featuredRoutes } from '../modules/featured/featured.routes';
import { savedRoutes } from '../modules/saved/saved.routes';
import { followingRoutes, followRoutes } from '../modules/follows/follows.routes';
import { peopleRoutes, profileByFlipRoutes } from '../modules/people/people.routes';
import { notificationRoutes } from '../modules/notifications/notifications.routes';
import { liveRoutes } from '../modules/live/live.routes';
import { cartRoutes, orderRoutes, ticketRoutes } from '../modules/orders/orders.routes';
import { reportRoutes } from '../modules/reports/reports.routes';
import { moderationNoticeRoutes } from '../modules/admin/moderation-notice.routes';
import { updatesRoutes } from '../modules/updates/updates.routes';
import { customerConversationRoutes } from '../modules/messages/messages.routes';
import { reviewRoutes } from '../modules/reviews/reviews.routes';
import { promoCheckRoutes } from '../modules/promotions/promotions.routes';

import { memberBookingRoutes } from '../modules/bookings/bookings.routes';
import { waitlistRoutes } from '../modules/waitlist/waitlist.routes';
/**
 * `/api/user`, the spec's user API: explore lookups (anonymous, micro-cached), the signed-in
 * user's saved items, follows, profile reads and people, orders, tickets and carts.
 */
export function userApi(deps: AppDeps, publicCache: ResponseCache) {
  const router = createRouter();
  router.use('/explore/*', publicCache.middleware);
  return router
    .route('/explore', exploreRoutes(deps))
    .route('/explore/featured-showrooms', featuredRoutes(deps))
    .route('/user-saved', savedRoutes(deps))
    .route('/follows', followRoutes(deps))
    .route('/profile', followingRoutes(deps))
    .route('/profile', profileByFlipRoutes(deps))
    .route('/people', peopleRoutes(deps))
    .route('/notifications', notificationRoutes(deps))
    .route('/stream', liveRoutes(deps))
    .route('/orders', orderRoutes(deps))
    .route('/tickets', ticketRoutes(deps))
    .route('/cart', cartRoutes(deps))
    .route('/promo-codes', promoCheckRoutes(deps))
    .route('/reports', reportRoutes(deps))
    .route('/moderation', moderationNoticeRoutes(deps))
    .route('/updates', updatesRoutes(deps))
    .route('/conversations', customerConversationRoutes(deps))
    .route('/reviews', reviewRoutes(deps))
    .route('/bookings', memberBookingRoutes(deps))
    .route('/waitlist', waitlistRoutes(deps));
}
