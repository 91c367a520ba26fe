import { createRouter } from '../lib/openapi';
import type { AppDeps } from '../app-deps';
import { workspaceGuard } from '../lib/permissions';
import { workspaceFirmRoutes } from '../modules/workspace-firms/workspace-firms.routes';
import { ownerEventRoutes, ticketTierRoutes } from '../modules/owner-events/owner-events.routes';
import { ownerBlogRoutes } from '../modules/owner-blog/owner-blog.routes';
import { menuSectionRoutes, ownerMenuItemRoutes, ownerMenuRoutes, sortMenuRoutes } from '../modules/owner-menus/owner-menus.routes';
import { ownerProductRoutes } from '../modules/owner-products/owner-products.routes';
import { teamRoutes } from '../modules/team/team.routes';
import { subscriptionRoutes } from '../modules/subscriptions/subscriptions.routes';
import { firmConversationRoutes } from '../modules/messages/messages.routes';
import { firmReviewRoutes } from '../modules/reviews/reviews.routes';
import { firmOrderRoutes } from '../modules/firm-orders/firm-orders.routes';
import { announcementRoutes } from '../modules/announcements/announcements.routes';
import { firmFollowerRoutes } from '../modules/firm-followers/firm-followers.routes';
import { checkinRoutes } from '../modules/checkin/checkin.routes';
import { firmTableRoutes } from '../modules/firm-tables/firm-tables.routes';
import { firmLegalRoutes } from '../modules/firm-legal/firm-legal.routes';
import { kitchenRoutes } from '../modules/kitchen/kitchen.routes';
import { fulfilmentRoutes } from '../modules/fulfilment/fulfilment.routes';
import { performanceRoutes } from '../modules/performance/performance.routes';
import { firmWaitlistRoutes } from '../modules/waitlist/waitlist.routes';
import { salesReportRoutes } from '../modules/sales-reports/sales-reports.routes';
import { tillRoutes } from '../modules/till/till.routes';
import { promotionRoutes } from '../modules/promotions/promotions.routes';
import { customerRoutes } from '../modules/customers/customers.routes';

import { firmBookingRoutes } from '../modules/bookings/bookings.routes';
import { firmCalendarRoutes } from '../modules/calendar/calendar.routes';
import { bookingDeskRoutes } from '../modules/bookings/booking-desk.routes';
/**
 * `/api/dashboard`, the spec's dashboard API: a firm's team reads and writes its firm (profile,
 * settings, team, plan, events, blog, menus, products). Every route declares
 * `requireEmployment(permission)` (src/server/lib/permissions.ts) and has its rows in the
 * authorization matrix test (api/authorization-matrix.test.ts); mount a module with one
 * `.route(...)` line here.
 */
export function dashboardApi(deps: AppDeps) {
  const router = createRouter();
  router.use('*', workspaceGuard(deps));
  return router
    .route('/firms', workspaceFirmRoutes(deps))
    .route('/team', teamRoutes(deps))
    .route('/', subscriptionRoutes(deps))
    .route('/events', ownerEventRoutes(deps))
    .route('/ticket-tiers', ticketTierRoutes(deps))
    .route('/blog-posts', ownerBlogRoutes(deps))
    .route('/menus', ownerMenuRoutes(deps))
    .route('/menu-sections', menuSectionRoutes(deps))
    .route('/menu-items', ownerMenuItemRoutes(deps))
    .route('/sort-menu', sortMenuRoutes(deps))
    .route('/products', ownerProductRoutes(deps))
    .route('/conversations', firmConversationRoutes(deps))
    .route('/reviews', firmReviewRoutes(deps))
    .route('/orders', firmOrderRoutes(deps))
    .route('/announcements', announcementRoutes(deps))
    .route('/followers', firmFollowerRoutes(deps))
    .route('/checkin', checkinRoutes(deps))
    .route('/tables', firmTableRoutes(deps))
    .route('/firm-legal', firmLegalRoutes(deps))
    .route('/kitchen', kitchenRoutes(deps))
    .route('/fulfilment', fulfilmentRoutes(deps))
    .route('/bookings', firmBookingRoutes(deps))
    .route('/booking-desk', bookingDeskRoutes(deps))
    .route('/calendar', firmCalendarRoutes(deps))
    .route('/sales-reports', salesReportRoutes(deps))
    .route('/till', tillRoutes(deps))
    .route('/promotions', promotionRoutes(deps))
    .route('/customers', customerRoutes(deps))
    .route('/performance', performanceRoutes(deps))
    .route('/waitlists', firmWaitlistRoutes(deps));
}
