import { createFileRoute } from '@tanstack/react-router';
import { WorkspaceHome } from '../features/workspace/home/workspace-home';

export const Route = createFileRoute('/workspace/home')({
  component: WorkspaceHome,
});
