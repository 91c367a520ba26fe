import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mutationKeys, visitorQueryKeys } from '../../../lib/visitor-query-keys';
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

/**
 * What the state will be once the server agrees: a firm that approves its followers turns a follow
 * into a request; unfollowing also withdraws a request.
 */
function expected(previous: FollowState, follow: boolean): FollowState {
  if (!follow)
    return {
      ...previous,
      following: false,
      requested: false,
      marketingOptIn: false,
      followers: Math.max(0, previous.followers - (previous.following ? 1 : 0)),
    };
  if (previous.following) return previous;
  if (previous.approvesFollowers) return { ...previous, requested: true };
  return { ...previous, following: true, followers: previous.followers + 1 };
}

/**
 * Optimistic follow/unfollow; queued while offline. Its failures are the button's to say (a
 * restricted visitor is told so in their language); a follow resumed after a reload toasts as any.
 */
export function useFollowMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.follow,
    mutationFn: toggleFollow,
    meta: { suppressToast: true },
    onMutate: async (vars) => {
      const key = visitorQueryKeys.follow(vars.firmId, vars.userId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<FollowState>(key);
      if (previous) queryClient.setQueryData<FollowState>(key, expected(previous, vars.follow));
      return { previous };
    },
    onError: (_error, vars, context) => {
      if (context?.previous) queryClient.setQueryData(visitorQueryKeys.follow(vars.firmId, vars.userId), context.previous);
    },
    onSuccess: (state, vars) => {
      queryClient.setQueryData(visitorQueryKeys.follow(vars.firmId, vars.userId), state);
      void queryClient.invalidateQueries({ queryKey: visitorQueryKeys.followingAll(vars.userId) });
    },
  });
}
