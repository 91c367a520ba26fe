import { queryOptions } from '@tanstack/react-query';
import { apiRequest, nullIfNotFound } from '../../../lib/api-client';
import { publicQueryKeys } from '../../../lib/public-query-keys';
import type { MenuItemDetail } from '../../../../shared/menus';

/** A dish (menu item) by short id; a missing one resolves to null (the 404 page). */
const getMenuItem = (shortId: string) =>
  nullIfNotFound(apiRequest<MenuItemDetail>(`/api/public/menu/items/${encodeURIComponent(shortId)}`));

export const menuItemQuery = (shortId: string) =>
  queryOptions({ queryKey: publicQueryKeys.menuItem(shortId), queryFn: () => getMenuItem(shortId) });
