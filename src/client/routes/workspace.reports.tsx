import { createFileRoute } from '@tanstack/react-router';
import { ReportsPage } from '../features/workspace/reports/reports-page';
import { preloadNamespaces } from '../lib/i18n';

export const Route = createFileRoute('/workspace/reports')({
  loader: () => preloadNamespaces(['workspace-reports']),
  component: ReportsPage,
});
