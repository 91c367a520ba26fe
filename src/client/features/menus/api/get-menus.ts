import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { publicQueryKeys } from '../../../lib/public-query-keys';
import type { Menu } from '../../../../shared/menus';

const getMenus = (firmId: string) => apiRequest<Menu[]>('/api/public/menu', { query: { firmId } });

export const menusQuery = (firmId: string) => queryOptions({ queryKey: publicQueryKeys.menus(firmId), queryFn: () => getMenus(firmId) });
