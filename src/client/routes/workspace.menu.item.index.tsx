import { createFileRoute } from '@tanstack/react-router';
import { menuItemSearch } from '../lib/signed-in-search-params';
import { MenuItemPage } from '../features/workspace/menus/menu-item-page';

export const Route = createFileRoute('/workspace/menu/item/')({
  validateSearch: menuItemSearch,
  component: function NewMenuItemRoute() {
    const { menuId, sectionId } = Route.useSearch();
    return <MenuItemPage menuId={menuId} sectionId={sectionId} />;
  },
});
