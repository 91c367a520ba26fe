import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isMenuAvailabilityChange, type MenuAvailabilityChange } from '../../../../shared/menu-availability';
import type { Menu } from '../../../../shared/menus';
import { publicQueryKeys } from '../../../lib/public-query-keys';

function withChange(menus: Menu[], change: MenuAvailabilityChange): Menu[] {
  return menus.map((menu) => ({
    ...menu,
    sections: menu.sections.map((section) => ({
      ...section,
      items: section.items.map((item) => (item.id === change.itemId ? { ...item, available: change.available } : item)),
    })),
  }));
}

/**
 * Keeps an open menu page true to the kitchen: a dish taken off (or put back) shows so at once,
 * for guests signed in or not (GET /api/public/menu/live, server-sent events). The event carries
 * the new state, written straight into the page's menus: a fresh read could be answered from a
 * cache that still has the old menu. Without EventSource the page shows what it loaded.
 */
export function useMenuLive(firmId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/public/menu/live?firmId=${encodeURIComponent(firmId)}`);
    source.addEventListener('menu', (event) => {
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (!isMenuAvailabilityChange(data)) return;
      queryClient.setQueryData<Menu[]>(publicQueryKeys.menus(firmId), (menus) => menus && withChange(menus, data));
    });
    return () => source.close();
  }, [firmId, queryClient]);
}
