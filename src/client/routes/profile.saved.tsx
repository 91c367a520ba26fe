import { createFileRoute } from '@tanstack/react-router';
import { SavedPage } from '../features/saved/components/saved-page';

/** `/profile/saved` (outside the profile layout so the page works while the session loads). */
export const Route = createFileRoute('/profile_/saved')({
  head: () => ({ meta: [{ title: 'Saved — Souk' }, { name: 'robots', content: 'noindex' }] }),
  component: SavedPage,
});
