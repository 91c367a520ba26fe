import { createFileRoute } from '@tanstack/react-router';
import { TeamPage } from '../features/workspace/team/team-page';

export const Route = createFileRoute('/workspace/team/')({
  component: TeamPage,
});
