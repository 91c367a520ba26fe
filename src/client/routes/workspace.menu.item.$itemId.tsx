import { createFileRoute } from '@tanstack/react-router';
import { MenuItemPage } from '../features/workspace/menus/menu-item-page';
import { ownerMenuItemQuery, ownerMenusQuery } from '../features/workspace/api/menus';
import { prefetchWorkspace } from '../features/workspace/shell/prefetch-workspace';
import { preloadNamespaces } from '../lib/i18n';

export const Route = createFileRoute('/workspace/menu/item/$itemId')({
  loader: ({ context: { queryClient }, params: { itemId } }) => {
    prefetchWorkspace(queryClient, (firmId) =>
      Promise.all([queryClient.prefetchQuery(ownerMenusQuery(firmId)), queryClient.prefetchQuery(ownerMenuItemQuery(firmId, itemId))]),
    );
    return preloadNamespaces(['workspace-catalogue']);
  },
  component: function MenuItemRoute() {
    const { itemId } = Route.useParams();
    return <MenuItemPage itemId={itemId} />;
  },
});
