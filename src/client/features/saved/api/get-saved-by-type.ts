import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { SavedEntry } from '../../../../shared/saved';
import type { Paged } from '../../../../shared/paging';

export const SAVED_PAGE_SIZE = 20;

const getSavedByType = (typeCode: number, page: number) =>
  apiRequest<Paged<SavedEntry>>('/api/user/user-saved/by-entity-type', {
    query: { offset: page * SAVED_PAGE_SIZE, limit: SAVED_PAGE_SIZE, entitytc: typeCode },
  });

/** One page of the signed-in user's saved items of one entity type. */
export const savedByTypeQuery = (userId: string, typeCode: number, page: number) =>
  queryOptions({
    queryKey: queryKeys.savedByType(userId, typeCode, page),
    queryFn: () => getSavedByType(typeCode, page),
  });
