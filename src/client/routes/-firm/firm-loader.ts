import type { QueryClient } from '@tanstack/react-query';
import type { FirmDetail } from '../../../shared/firms';
import { categoryQuery } from '../../lib/industries';
import { menusQuery } from '../../features/menus/api/get-menus';
import { productsQuery } from '../../features/products/api/get-products';
import { eventsQuery } from '../../features/events/api/get-events';
import { blogPostsQuery } from '../../features/blog/api/get-blog-posts';

export const FIRM_EVENTS_SIZE = 6;
export const FIRM_BLOG_SIZE = 3;

/**
 * Everything the firm page shows, fetched together (and server-rendered together). Apart from the
 * page's component so that the route tree (in the entry chunk) stays free of UI.
 */
export async function loadFirmSections(queryClient: QueryClient, firm: FirmDetail) {
  await Promise.allSettled([
    firm.categoryKey ? queryClient.ensureQueryData(categoryQuery(queryClient, firm.categoryKey)) : null,
    firm.hasMenu ? queryClient.ensureQueryData(menusQuery(firm.id)) : null,
    firm.products > 0 ? queryClient.ensureQueryData(productsQuery({ firmId: firm.id, page: 0 })) : null,
    firm.upcomingEvents > 0 ? queryClient.ensureQueryData(eventsQuery({ firmId: firm.id }, 0, FIRM_EVENTS_SIZE)) : null,
    firm.blogPosts > 0 ? queryClient.ensureQueryData(blogPostsQuery({ firmUsername: firm.username, page: 1, size: FIRM_BLOG_SIZE })) : null,
  ]);
}
