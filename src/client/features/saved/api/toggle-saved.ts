import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mutationKeys, visitorQueryKeys } from '../../../lib/visitor-query-keys';
import type { SavableType } from '../../../../shared/entity-types';
import type { SavedCheck, SavedItem } from '../../../../shared/saved';

interface SaveVariables {
  userId: string;
  entityId: string;
  entityTypeCode: SavableType;
  save: boolean;
}

/**
 * Save creates the item; unsave deletes by entity id, so an unsave queued offline right after a
 * queued save (whose id we don't know yet) still removes the right item.
 */
async function toggleSaved({ entityId, entityTypeCode, save }: SaveVariables): Promise<SavedCheck> {
  if (save) {
    const item = await apiRequest<SavedItem>('/api/user/user-saved', { method: 'POST', body: { entityId, entityTypeCode } });
    return { saved: true, id: item.id };
  }
  await apiRequest(`/api/user/user-saved/entity/${encodeURIComponent(entityId)}`, { method: 'DELETE' });
  return { saved: false, id: null };
}

/** Registers the save mutation's function so saves queued while offline resume after a reload. */
export function registerSavedMutations(queryClient: QueryClient) {
  queryClient.setMutationDefaults(mutationKeys.save, { mutationFn: toggleSaved });
}

/** Optimistic saved toggle: flips at once, rolls back on failure, queued offline. */
export function useSaveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.save,
    mutationFn: toggleSaved,
    onMutate: async (vars) => {
      const key = visitorQueryKeys.savedCheck(vars.userId, vars.entityId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<SavedCheck>(key);
      queryClient.setQueryData<SavedCheck>(key, { saved: vars.save, id: vars.save ? (previous?.id ?? null) : null });
      return { previous };
    },
    onError: (_error, vars, context) => {
      queryClient.setQueryData(
        visitorQueryKeys.savedCheck(vars.userId, vars.entityId),
        context?.previous ?? { saved: !vars.save, id: null },
      );
    },
    onSuccess: (result, vars) => {
      queryClient.setQueryData(visitorQueryKeys.savedCheck(vars.userId, vars.entityId), result);
      void queryClient.invalidateQueries({ queryKey: visitorQueryKeys.savedLists(vars.userId) });
    },
  });
}
