import { createFileRoute } from '@tanstack/react-router';
import { ProfileHome } from '../features/profile/components/profile-home';

export const Route = createFileRoute('/profile/')({
  component: ProfileHome,
});
