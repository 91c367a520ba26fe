import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Signs one other device out. */
const revokeSession = (id: string) => apiRequest<{ success: boolean }>(`/api/iam/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useRevokeSession(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessions(userId) });
    },
  });
}
