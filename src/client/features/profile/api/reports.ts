import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Report, ReportInput } from '../../../../shared/reports';

const reportsKey = (userId: string) => ['user', 'reports', userId] as const;

export const myReportsQuery = (userId: string) =>
  queryOptions({ queryKey: reportsKey(userId), queryFn: () => apiRequest<Report[]>('/api/user/reports') });

export function useSendReport(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportInput) => apiRequest<Report>('/api/user/reports', { method: 'POST', body: input }),
    meta: { suppressToast: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reportsKey(userId) }),
  });
}
