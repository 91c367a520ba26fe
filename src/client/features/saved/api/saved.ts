import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { mutationKeys, queryKeys } from '../../../lib/query-keys';
import type { SavableType } from '../../../../shared/entity-types';
import type { SavedCheck, savedCheckSchema, savedItemSchema, savedPageSchema } from '../../../../shared/saved';

export const savedCheckQuery = (userId: string, entityId: string) =>
  queryOptions({
    queryKey: queryKeys.savedCheck(userId, entityId),
    queryFn: () =>
      apiRequest<z.output<typeof savedCheckSchema>>(`/api/user/user-saved/check/${encodeURIComponent(entityId)}`, { suppressToast: true }),
    // the persisted value shows at once offline; online, a page view always confirms it
    staleTime: 0,
  });

export const SAVED_PAGE_SIZE = 20;
export const savedByTypeQuery = (userId: string, typeCode: number, page: number) =>
  queryOptions({
    queryKey: queryKeys.savedByType(userId, typeCode, page),
    queryFn: () =>
      apiRequest<z.output<typeof savedPageSchema>>('/api/user/user-saved/by-entity-type', {
        query: { offset: page * SAVED_PAGE_SIZE, limit: SAVED_PAGE_SIZE, entitytc: typeCode },
      }),
  });

export interface SaveVariables {
  userId: string;
  entityId: string;
  entityTypeCode: SavableType;
  save: boolean;
}

/**
 * Save creates the item; unsave deletes by entity id, so an unsave queued offline right after a
 * queued save (whose id we don't know yet) still removes the right item.
 */
async function saveRequest({ entityId, entityTypeCode, save }: SaveVariables): Promise<SavedCheck> {
  if (save) {
    const item = await apiRequest<z.output<typeof savedItemSchema>>('/api/user/user-saved', { method: 'POST', body: { entityId, entityTypeCode } });
    return { saved: true, id: item.id };
  }
  await apiRequest(`/api/user/user-saved/entity/${encodeURIComponent(entityId)}`, { method: 'DELETE' });
  return { saved: false, id: null };
}

/** Registers the save mutation's function so saves queued while offline resume after a reload. */
export function registerSavedMutations(queryClient: QueryClient) {
  queryClient.setMutationDefaults(mutationKeys.save, { mutationFn: saveRequest });
}

/** Optimistic saved toggle (spec section 4): flips at once, rolls back on failure, queued offline. */
export function useSaveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.save,
    mutationFn: saveRequest,
    onMutate: async (vars) => {
      const key = queryKeys.savedCheck(vars.userId, vars.entityId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<SavedCheck>(key);
      queryClient.setQueryData<SavedCheck>(key, { saved: vars.save, id: vars.save ? (previous?.id ?? null) : null });
      return { previous };
    },
    onError: (_error, vars, context) => {
      queryClient.setQueryData(queryKeys.savedCheck(vars.userId, vars.entityId), context?.previous ?? { saved: !vars.save, id: null });
    },
    onSuccess: (result, vars) => {
      queryClient.setQueryData(queryKeys.savedCheck(vars.userId, vars.entityId), result);
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.savedAll(vars.userId), 'list'] });
    },
  });
}
