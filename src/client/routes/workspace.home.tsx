import { createFileRoute } from '@tanstack/react-router';
import { WorkspaceHome } from '../features/workspace/home/workspace-home';
import { firmHomeQuery } from '../features/workspace/api/get-firm-home';
import { prefetchWorkspace } from '../features/workspace/shell/prefetch-workspace';

export const Route = createFileRoute('/workspace/home')({
  loader: ({ context: { queryClient } }) => prefetchWorkspace(queryClient, (firmId) => queryClient.prefetchQuery(firmHomeQuery(firmId))),
  component: WorkspaceHome,
});
