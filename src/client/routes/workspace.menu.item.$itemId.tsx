import { createFileRoute } from '@tanstack/react-router';
import { MenuItemPage } from '../features/workspace/menus/menu-item-page';

export const Route = createFileRoute('/workspace/menu/item/$itemId')({
  component: function MenuItemRoute() {
    const { itemId } = Route.useParams();
    return <MenuItemPage itemId={itemId} />;
  },
});
