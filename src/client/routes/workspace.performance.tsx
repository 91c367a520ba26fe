import { createFileRoute } from '@tanstack/react-router';
import { PerformancePage } from '../features/workspace/performance/performance-page';
import { preloadNamespaces } from '../lib/i18n';

export const Route = createFileRoute('/workspace/performance')({
  loader: () => preloadNamespaces(['workspace-performance', 'workspace-reports']),
  component: PerformancePage,
});
