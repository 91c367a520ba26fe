import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { NotificationSettings, NotificationSettingsUpdate } from '../../../../shared/notifications';

export const notificationSettingsQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.notificationSettings(userId),
    queryFn: () => apiRequest<NotificationSettings>('/api/user/notifications/settings'),
  });

const updateSettings = (input: NotificationSettingsUpdate) =>
  apiRequest<NotificationSettings>('/api/user/notifications/settings', { method: 'PUT', body: input });

export function useUpdateNotificationSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.notificationSettings(userId), settings),
  });
}
