import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { Paged } from '../../../../shared/paging';
import type { Person } from '../../../../shared/people';

export type PeopleList = 'friends' | 'incoming' | 'sent' | 'blocked' | 'discover';

const PATHS: Record<PeopleList, { path: string; query?: Record<string, string> }> = {
  friends: { path: '/api/user/people/friends' },
  incoming: { path: '/api/user/people/requests', query: { direction: 'incoming' } },
  sent: { path: '/api/user/people/requests', query: { direction: 'sent' } },
  blocked: { path: '/api/user/people/blocked' },
  discover: { path: '/api/user/people' },
};

/** One of the signed-in user's people lists (friends, requests received or sent, blocked, people to find). */
export const peopleQuery = (userId: string, list: PeopleList, searchName = '') =>
  queryOptions({
    queryKey: queryKeys.peopleList(userId, list, { searchName }),
    queryFn: () =>
      apiRequest<Paged<Person>>(PATHS[list].path, {
        query: { ...PATHS[list].query, ...(searchName && (list === 'friends' || list === 'discover') ? { searchName } : {}), size: 100 },
      }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
