import { createFileRoute } from '@tanstack/react-router';
import { TablesPage } from '../features/workspace/tables/tables-page';
import { preloadNamespaces } from '../lib/i18n';

export const Route = createFileRoute('/workspace/tables')({
  loader: () => preloadNamespaces(['workspace-tables']),
  component: TablesPage,
});
