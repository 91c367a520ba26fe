import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { Menu } from '../../../../shared/menus';

const getMenus = (firmId: string) => apiRequest<Menu[]>('/api/public/menu', { query: { firmId } });

export const menusQuery = (firmId: string) => queryOptions({ queryKey: queryKeys.menus(firmId), queryFn: () => getMenus(firmId) });
