import { createFileRoute } from '@tanstack/react-router';
import { FollowingPage } from './-profile/following-page';

export const Route = createFileRoute('/profile/following')({
  component: FollowingPage,
});
