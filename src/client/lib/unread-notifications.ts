import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UnreadCount } from '../../shared/notifications';
import { apiRequest } from './api-client';
import { useLiveEvent, useLivePollInterval } from './live-events';
import { queryKeys } from './query-keys';
import { useCurrentUser } from './session';

/** The bell's count: read once, then kept current by the live `notifications` event (or polled without it). */
const unreadCountQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.unreadCount(userId),
    queryFn: () => apiRequest<UnreadCount>('/api/user/notifications/unread-count'),
    meta: { suppressToast: true },
    staleTime: 30_000,
  });

/** The signed-in user's unread notifications; undefined while unknown or signed out. */
export function useUnreadNotifications(): number | undefined {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const refetchInterval = useLivePollInterval(30_000);
  const { data } = useQuery({ ...unreadCountQuery(user?.id ?? ''), enabled: Boolean(user), refetchInterval });
  const onCount = useCallback(
    (payload: unknown) => {
      if (!user) return;
      const previous = queryClient.getQueryData<UnreadCount>(queryKeys.unreadCount(user.id));
      queryClient.setQueryData(queryKeys.unreadCount(user.id), payload as UnreadCount);
      // something new arrived: the inbox is out of date
      if ((payload as UnreadCount).unread > (previous?.unread ?? 0)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.notificationLists(user.id) });
      }
    },
    [user, queryClient],
  );
  useLiveEvent('notifications', onCount);
  return user ? data?.unread : undefined;
}
