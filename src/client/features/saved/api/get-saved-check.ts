import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { visitorQueryKeys } from '../../../lib/visitor-query-keys';
import type { SavedCheck } from '../../../../shared/saved';

const getSavedCheck = (entityId: string) => apiRequest<SavedCheck>(`/api/user/user-saved/check/${encodeURIComponent(entityId)}`);

/** Whether the signed-in user saved an entity. */
export const savedCheckQuery = (userId: string, entityId: string) =>
  queryOptions({
    queryKey: visitorQueryKeys.savedCheck(userId, entityId),
    queryFn: () => getSavedCheck(entityId),
    // the persisted value shows at once offline; online, a page view always confirms it
    staleTime: 0,
    meta: { suppressToast: true },
  });
