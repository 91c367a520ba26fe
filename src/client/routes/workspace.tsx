import { createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '../features/auth/guards';
import { WorkspaceLayout } from '../features/workspace/shell/workspace-layout';
import { prefetchWorkspace } from '../features/workspace/shell/prefetch-workspace';
import { preloadNamespaces } from '../lib/i18n';

/** The workspace: login and a selected firm; the layout asks for the firm. */
export const Route = createFileRoute('/workspace')({
  beforeLoad: requireSignedIn,
  // the layout's translations and reads start with its code, not once it renders
  loader: ({ context }) => {
    prefetchWorkspace(context.queryClient);
    return preloadNamespaces(['workspace']);
  },
  component: WorkspaceLayout,
});
