import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Signs every device but this one out. */
const revokeOtherSessions = () => apiRequest<{ success: boolean; revoked: number }>('/api/iam/sessions/revoke-others', { method: 'POST' });

export function useRevokeOtherSessions(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessions(userId) });
    },
  });
}
