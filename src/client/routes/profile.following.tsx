import { createFileRoute } from '@tanstack/react-router';
import { FollowingPage } from './-marketplace/following-page';

export const Route = createFileRoute('/profile/following')({
  head: () => ({ meta: [{ title: 'Following — Souk' }, { name: 'robots', content: 'noindex' }] }),
  component: FollowingPage,
});
