import { createFileRoute } from '@tanstack/react-router';
import { MenuEditorPage } from '../features/workspace/menus/menu-editor-page';

export const Route = createFileRoute('/workspace/menu/$menuId')({
  component: function MenuEditorRoute() {
    const { menuId } = Route.useParams();
    return <MenuEditorPage menuId={menuId} />;
  },
});
