import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { mutationKeys, queryKeys } from '../../../lib/query-keys';
import type { FollowState, followStateSchema, firmPageSchema } from '../../../../shared/firms';

export const followStateQuery = (firmId: string, userId: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.follow(firmId, userId),
    queryFn: () => apiRequest<z.output<typeof followStateSchema>>(`/api/user/follows/${encodeURIComponent(firmId)}`, { suppressToast: true }),
    staleTime: 30_000,
  });

export const followingQuery = (userId: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.following(userId, page),
    queryFn: () => apiRequest<z.output<typeof firmPageSchema>>('/api/user/profile/following', { query: { page, size: 50 } }),
  });

interface FollowVariables {
  firmId: string;
  userId: string;
  follow: boolean;
}

const followRequest = ({ firmId, follow }: FollowVariables) =>
  apiRequest<FollowState>(`/api/user/follows/${encodeURIComponent(firmId)}`, { method: follow ? 'PUT' : 'DELETE' });

/** Registers the follow mutation's function so a follow queued offline resumes after a reload. */
export function registerFollowMutation(queryClient: QueryClient) {
  queryClient.setMutationDefaults(mutationKeys.follow, { mutationFn: followRequest });
}

/** Optimistic follow/unfollow; queued while offline. */
export function useFollowMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.follow,
    mutationFn: followRequest,
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
      void queryClient.invalidateQueries({ queryKey: ['saved', vars.userId, 'following'] });
    },
  });
}
