import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mutationKeys, queryKeys } from '../../../lib/query-keys';
import type { FollowState } from '../../../../shared/firms';

interface FollowVariables {
  firmId: string;
  userId: string;
  follow: boolean;
}

const toggleFollow = ({ firmId, follow }: FollowVariables) =>
  apiRequest<FollowState>(`/api/user/follows/${encodeURIComponent(firmId)}`, { method: follow ? 'PUT' : 'DELETE' });

/** Registers the follow mutation's function so a follow queued offline resumes after a reload. */
export function registerFollowMutation(queryClient: QueryClient) {
  queryClient.setMutationDefaults(mutationKeys.follow, { mutationFn: toggleFollow });
}

/** Optimistic follow/unfollow; queued while offline. */
export function useFollowMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.follow,
    mutationFn: toggleFollow,
    onMutate: async (vars) => {
      const key = queryKeys.follow(vars.firmId, vars.userId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<FollowState>(key);
      if (previous) {
        queryClient.setQueryData<FollowState>(key, {
          following: vars.follow,
          followers: Math.max(0, previous.followers + (vars.follow === previous.following ? 0 : vars.follow ? 1 : -1)),
        });
      }
      return { previous };
    },
    onError: (_error, vars, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.follow(vars.firmId, vars.userId), context.previous);
    },
    onSuccess: (state, vars) => {
      queryClient.setQueryData(queryKeys.follow(vars.firmId, vars.userId), state);
      void queryClient.invalidateQueries({ queryKey: queryKeys.followingAll(vars.userId) });
    },
  });
}
