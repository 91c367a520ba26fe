import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { MarkReadInput, NotificationPage, UnreadCount } from '../../../../shared/notifications';

const markRead = (input: MarkReadInput) => apiRequest<UnreadCount>('/api/user/notifications/read', { method: 'POST', body: input });

/** Marks notifications read: the inbox shows it at once, the bell takes the server's count. */
export function useMarkRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onMutate: (input) => {
      const now = new Date().toISOString();
      const lists = queryClient.getQueriesData<InfiniteData<NotificationPage>>({
        queryKey: queryKeys.notificationLists(userId),
      });
      for (const [key, data] of lists) {
        if (!data) continue;
        queryClient.setQueryData(key, {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            content: page.content.map((n) => (('all' in input || input.ids.includes(n.id)) && !n.readAt ? { ...n, readAt: now } : n)),
          })),
        });
      }
    },
    onSuccess: (count) => queryClient.setQueryData(queryKeys.unreadCount(userId), count),
  });
}
