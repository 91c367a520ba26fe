import { createFileRoute } from '@tanstack/react-router';
import { MenusPage } from '../features/workspace/menus/menus-page';

export const Route = createFileRoute('/workspace/menu/')({
  component: MenusPage,
});
