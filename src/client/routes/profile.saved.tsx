import { createFileRoute } from '@tanstack/react-router';
import { SavedPage } from '../features/saved/components/saved-page';

/** `/profile/saved` (under the profile layout, whose guard asks signed-out visitors to log in). */
export const Route = createFileRoute('/profile/saved')({
  component: SavedPage,
});
