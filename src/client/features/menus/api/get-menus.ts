import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { menusSchema } from '../../../../shared/menus';

export const menusQuery = (firmId: string) =>
  queryOptions({
    queryKey: queryKeys.menus(firmId),
    queryFn: async () => menusSchema.parse(await apiRequest('/api/public/menu', { query: { firmId } })),
  });
