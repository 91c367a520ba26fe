import { createFileRoute } from '@tanstack/react-router';
import { BusinessProfile } from '../features/workspace/profile/business-profile';

export const Route = createFileRoute('/workspace/business-profile')({
  component: BusinessProfile,
});
