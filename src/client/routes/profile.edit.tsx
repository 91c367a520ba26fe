import { createFileRoute } from '@tanstack/react-router';
import { ProfileEdit } from '../features/profile/components/profile-edit';

export const Route = createFileRoute('/profile/edit')({
  component: ProfileEdit,
});
