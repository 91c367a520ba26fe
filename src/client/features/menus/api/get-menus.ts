import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { menusSchema } from '../../../../shared/menus';

export const menusQuery = (firmId: string) =>
  queryOptions({
    queryKey: queryKeys.menus(firmId),
    queryFn: () => apiRequest<z.output<typeof menusSchema>>('/api/public/menu', { query: { firmId } }),
  });
