import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import type {
  AdminFeature,
  AdminFirm,
  AdminFirmProfile,
  AdminMe,
  AdminUser,
  AdminUserProfile,
  AuditLog,
  FeatureSwitchInput,
  PlatformFigures,
} from '../../../shared/admin';
import type { FeatureKey } from '../../../shared/feature-flags';
import type { ModerationActionInput, ModerationActionRecord, ReviewGroup } from '../../../shared/moderation';

/** The caller as a platform admin; 404 when the area is off or they are not one (the page is then the 404 page). */
export const adminMeQuery = () =>
  queryOptions({ queryKey: queryKeys.admin('me'), queryFn: () => apiRequest<AdminMe>('/api/admin/me'), retry: false });

export const adminFeaturesQuery = () =>
  queryOptions({ queryKey: queryKeys.admin('features'), queryFn: () => apiRequest<AdminFeature[]>('/api/admin/features') });

export const auditLogQuery = () =>
  queryOptions({ queryKey: queryKeys.admin('audit-log'), queryFn: () => apiRequest<AuditLog>('/api/admin/audit-log') });

export const adminUsersQuery = (q: string) =>
  queryOptions({ queryKey: queryKeys.admin('users', q), queryFn: () => apiRequest<AdminUser[]>('/api/admin/users', { query: { q } }) });

export const adminUserQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.admin('user', userId),
    queryFn: () => apiRequest<AdminUserProfile>(`/api/admin/users/${encodeURIComponent(userId)}`),
  });

export const adminFirmsQuery = (q: string) =>
  queryOptions({ queryKey: queryKeys.admin('firms', q), queryFn: () => apiRequest<AdminFirm[]>('/api/admin/firms', { query: { q } }) });

export const adminFirmQuery = (firmId: string) =>
  queryOptions({
    queryKey: queryKeys.admin('firm', firmId),
    queryFn: () => apiRequest<AdminFirmProfile>(`/api/admin/firms/${encodeURIComponent(firmId)}`),
  });

export const figuresQuery = (days: number) =>
  queryOptions({
    queryKey: queryKeys.admin('figures', days),
    queryFn: () => apiRequest<PlatformFigures>('/api/admin/figures', { query: { days } }),
  });

/** Switches a flag; the list and the audit log are read again. */
export function useSwitchFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...input }: FeatureSwitchInput & { key: FeatureKey }) =>
      apiRequest<AdminFeature[]>(`/api/admin/features/${key}`, { method: 'PUT', body: input }),
    onSuccess: (features) => {
      queryClient.setQueryData(queryKeys.admin('features'), features);
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin('audit-log') });
    },
  });
}

export const reviewQueueQuery = () =>
  queryOptions({ queryKey: queryKeys.admin('review-queue'), queryFn: () => apiRequest<ReviewGroup[]>('/api/admin/review-queue') });

/** Acts on a reported target; the queue, the audit log and the member views are read again. */
export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ModerationActionInput) =>
      apiRequest<ModerationActionRecord>('/api/admin/review-queue/actions', { method: 'POST', body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin() }),
  });
}
