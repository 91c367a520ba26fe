import { createFileRoute } from '@tanstack/react-router';
import { ComingPage } from '../features/workspace/shell/coming-page';

export const Route = createFileRoute('/workspace/followers/restricted')({
  component: () => <ComingPage area="followers" text="followersRestricted" planned={false} />,
});
