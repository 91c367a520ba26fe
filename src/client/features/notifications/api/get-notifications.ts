import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { NotificationPage } from '../../../../shared/notifications';

const PAGE_SIZE = 20;

const getNotifications = (page: number, language: string) =>
  apiRequest<NotificationPage>('/api/user/notifications', { query: { page, size: PAGE_SIZE, lang: language } });

/** The inbox, newest first, a page at a time, its texts in the page's language. */
export const notificationsQuery = (userId: string, language: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.notifications(userId, language),
    queryFn: ({ pageParam }) => getNotifications(pageParam, language),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.last ? undefined : last.page + 1),
  });
