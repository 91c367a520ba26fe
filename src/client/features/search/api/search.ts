import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { publicQueryKeys } from '../../../lib/public-query-keys';
import type { Paged } from '../../../../shared/paging';
import type { SearchHit, SearchResults } from '../../../../shared/search';
import { SEARCH_PAGE_SIZE, type SearchType } from '../../../../shared/search-kinds';

/** `GET /api/public/search?q=`: the first few of each kind. */
export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: publicQueryKeys.search(q),
    queryFn: () => apiRequest<SearchResults>('/api/public/search', { query: { q } }),
  });

/** `GET /api/public/search/{type}?q=&page=`: one kind, page by page (`page` one-based here). */
export const searchPageQuery = (type: SearchType, q: string, page: number) =>
  queryOptions({
    queryKey: publicQueryKeys.searchPage(type, q, page),
    queryFn: () => apiRequest<Paged<SearchHit>>(`/api/public/search/${type}`, { query: { q, page: page - 1, size: SEARCH_PAGE_SIZE } }),
  });
