import { createFileRoute } from '@tanstack/react-router';
import { InvitePage } from '../features/workspace/team/invite-page';

export const Route = createFileRoute('/workspace/team/emp/')({
  component: InvitePage,
});
