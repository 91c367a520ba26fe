import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { CreateFirmInput, DashFirm } from '../../../../shared/workspace';

/** `POST /api/business/firms`: the new firm as its owner sees it. The form shows its own errors. */
export function useCreateFirm(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFirmInput) => apiRequest<DashFirm>('/api/business/firms', { method: 'POST', body }),
    meta: { suppressToast: true },
    onSuccess: (dash) => {
      queryClient.setQueryData(queryKeys.dashFirm(dash.firm.id), dash);
      void queryClient.invalidateQueries({ queryKey: queryKeys.employments(userId) });
    },
  });
}
