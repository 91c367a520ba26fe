import { createFileRoute } from '@tanstack/react-router';
import { ProfileSessions } from '../features/profile/components/profile-sessions';

export const Route = createFileRoute('/profile/sessions')({
  component: ProfileSessions,
});
