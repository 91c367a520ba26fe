import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { publicQueryKeys } from './public-query-keys';
import { hasTrimmedNames } from './one-language-names';
import type { Category, Industry } from '../../shared/explore';

const getIndustries = () => apiRequest<Industry[]>('/api/user/explore/industries');

/** Industries and their categories: loaded once, kept a long time (they change with deploys). */
export const industriesQuery = () =>
  queryOptions({ queryKey: publicQueryKeys.industries(), queryFn: getIndustries, staleTime: 30 * 60_000 });

export const findCategory = (industries: readonly Industry[], key: string): Category | null =>
  industries.flatMap((industry) => industry.categories).find((category) => category.key === key) ?? null;

/**
 * One category, for a page that only shows its name (a firm's page): its own query, so that a
 * server-rendered page sends one category in its dehydrated state rather than the whole taxonomy
 * (3.3 KB raw, 0.75 KB of the firm page's brotli bytes). Read from the industries
 * when they are cached in full (after explore), else from the API.
 */
export const categoryQuery = (queryClient: QueryClient, key: string) =>
  queryOptions({
    queryKey: publicQueryKeys.category(key),
    queryFn: async () => {
      const industries = queryClient.getQueryCache().find<Industry[]>({ queryKey: publicQueryKeys.industries(), exact: true });
      const full = industries?.state.data && !hasTrimmedNames(industries.queryHash) ? industries.state.data : await getIndustries();
      return findCategory(full, key);
    },
    staleTime: 30 * 60_000,
    enabled: key !== '',
  });
