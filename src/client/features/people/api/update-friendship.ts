import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mutationKeys, queryKeys } from '../../../lib/query-keys';
import { markSignedIn, useSessionStore } from '../../../lib/session';
import type { FriendAction, FriendUpdateResult } from '../../../../shared/friendships';

export interface FriendshipVariables {
  targetUserId: string;
  action: FriendAction;
}

const updateFriendship = ({ targetUserId, action }: FriendshipVariables) =>
  apiRequest<FriendUpdateResult>('/api/user/people/friends/update', { method: 'POST', query: { targetUserId, action } });

/** Registers the mutation's function so a friend request queued offline resumes after a reload. */
export function registerFriendshipMutation(queryClient: QueryClient) {
  queryClient.setMutationDefaults(mutationKeys.friendship, { mutationFn: updateFriendship });
}

/**
 * Request, cancel, accept, decline, remove, block, unblock: the server decides (its state machine);
 * the profiles and people lists read again, and the signed-in user's friend count takes the answer's.
 */
export function useFriendshipMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.friendship,
    mutationFn: updateFriendship,
    // the caller shows what a refusal means in words of its own
    meta: { suppressToast: true },
    onSuccess: (result) => {
      const user = useSessionStore.getState().user;
      if (user) {
        if (user.totalFriends !== result.totalFriends) markSignedIn({ ...user, totalFriends: result.totalFriends });
        void queryClient.invalidateQueries({ queryKey: queryKeys.peopleAll(user.id) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.notificationsAll(user.id) });
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.profilesAll() });
    },
  });
}
