import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { Report, ReportInput } from '../../../../shared/reports';

export const myReportsQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.reports(userId), queryFn: () => apiRequest<Report[]>('/api/user/reports') });

export function useSendReport(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportInput) => apiRequest<Report>('/api/user/reports', { method: 'POST', body: input }),
    meta: { suppressToast: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.reports(userId) }),
  });
}
