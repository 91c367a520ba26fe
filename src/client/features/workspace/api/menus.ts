import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { ON_EACH_VISIT } from './on-each-visit';

import type { z } from 'zod';
import type { menuInputSchema, menuItemInputSchema, OwnerMenuItem, OwnerMenus, SortMenuInput } from '../../../../shared/owner-catalogue';

type MenuInput = z.input<typeof menuInputSchema>;
type MenuItemInput = z.input<typeof menuItemInputSchema>;

/** `GET /api/dashboard/menus?firmId=`: every menu with its items, in the public page's order. */
export const ownerMenusQuery = (firmId: string) =>
  queryOptions({
    queryKey: queryKeys.workspaceMenus(firmId),
    queryFn: () => apiRequest<OwnerMenus>('/api/dashboard/menus', { query: { firmId } }),
    staleTime: ON_EACH_VISIT,
  });

/** `GET /api/dashboard/menu-items/{id}`. */
export const ownerMenuItemQuery = (firmId: string, itemId: string) =>
  queryOptions({
    queryKey: queryKeys.workspaceMenuItem(firmId, itemId),
    queryFn: () => apiRequest<OwnerMenuItem>(`/api/dashboard/menu-items/${encodeURIComponent(itemId)}`),
    meta: { suppressToast: true },
    staleTime: ON_EACH_VISIT,
  });

/**
 * Every menu change refreshes the firm's workspace reads (the menus, the plan's usage) and the
 * public menu this browser may hold. Failures are explained by the page (ui/problem-message.ts).
 */
function useMenuMutation<I, O>(firmId: string, mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { suppressToast: true },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.workspaceFirm(firmId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.menus(firmId) }),
      ]),
  });
}

const itemPath = (id: string) => `/api/dashboard/menu-items/${encodeURIComponent(id)}`;
const menuPath = (id: string) => `/api/dashboard/menus/${encodeURIComponent(id)}`;

export const useCreateMenu = (firmId: string) =>
  useMenuMutation(firmId, (body: MenuInput) => apiRequest<OwnerMenus>('/api/dashboard/menus', { method: 'POST', query: { firmId }, body }));

export const useUpdateMenu = (firmId: string) =>
  useMenuMutation(firmId, ({ id, body }: { id: string; body: MenuInput }) => apiRequest<OwnerMenus>(menuPath(id), { method: 'PUT', body }));

export const useDeleteMenu = (firmId: string) =>
  useMenuMutation(firmId, (id: string) => apiRequest<void>(menuPath(id), { method: 'DELETE' }));

export const useSaveMenuItem = (firmId: string) =>
  useMenuMutation(firmId, ({ id, body }: { id?: string; body: MenuItemInput }) =>
    id
      ? apiRequest<OwnerMenuItem>(itemPath(id), { method: 'PUT', body })
      : apiRequest<OwnerMenuItem>('/api/dashboard/menu-items', { method: 'POST', query: { firmId }, body }),
  );

export const useDeleteMenuItem = (firmId: string) =>
  useMenuMutation(firmId, (id: string) => apiRequest<void>(itemPath(id), { method: 'DELETE' }));

/** `PATCH /api/dashboard/menu-items/{id}/availability`: sold out today, or back. */
export const useItemAvailability = (firmId: string) =>
  useMenuMutation(firmId, ({ id, available }: { id: string; available: boolean }) =>
    apiRequest<OwnerMenuItem>(`${itemPath(id)}/availability`, { method: 'PATCH', body: { available } }),
  );

/** `PUT /api/dashboard/sort-menu?firmId=`: the whole order in one call. */
export const useSortMenu = (firmId: string) =>
  useMenuMutation(firmId, (body: SortMenuInput) =>
    apiRequest<OwnerMenus>('/api/dashboard/sort-menu', { method: 'PUT', query: { firmId }, body }),
  );

/** `PATCH /api/dashboard/menus/{id}/published`: shown on the public page with its items, or hidden. */
export const usePublishMenu = (firmId: string) =>
  useMenuMutation(firmId, ({ id, published }: { id: string; published: boolean }) =>
    apiRequest<OwnerMenus>(`${menuPath(id)}/published`, { method: 'PATCH', body: { published } }),
  );

const sectionPath = (id: string) => `/api/dashboard/menu-sections/${encodeURIComponent(id)}`;

/** `POST /api/dashboard/menu-sections?firmId=`: a section last in its menu. */
export const useCreateSection = (firmId: string) =>
  useMenuMutation(firmId, (body: { menuId: string; name: string }) =>
    apiRequest<OwnerMenus>('/api/dashboard/menu-sections', { method: 'POST', query: { firmId }, body }),
  );

export const useRenameSection = (firmId: string) =>
  useMenuMutation(firmId, ({ id, name }: { id: string; name: string }) =>
    apiRequest<OwnerMenus>(sectionPath(id), { method: 'PUT', body: { name } }),
  );

/** `DELETE /api/dashboard/menu-sections/{id}`: an empty section only (409 `section_not_empty` otherwise). */
export const useDeleteSection = (firmId: string) =>
  useMenuMutation(firmId, (id: string) => apiRequest<OwnerMenus>(sectionPath(id), { method: 'DELETE' }));
