import { createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '../features/auth/guards';
import { WorkspaceLayout } from '../features/workspace/shell/workspace-layout';

/** The workspace: login and a selected firm; the layout asks for the firm. */
export const Route = createFileRoute('/workspace')({
  beforeLoad: requireSignedIn,
  component: WorkspaceLayout,
});
