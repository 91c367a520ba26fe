import { createFileRoute } from '@tanstack/react-router';
import { SortMenuPage } from '../features/workspace/menus/sort-menu-page';

export const Route = createFileRoute('/workspace/sort-menu')({
  component: SortMenuPage,
});
