import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '../features/admin/admin-page';
import { preloadNamespaces } from '../lib/i18n';

/** `/fladmin`: the admin area, for platform admins where the deployment turned it on (404 page otherwise). */
export const Route = createFileRoute('/fladmin')({
  loader: () => preloadNamespaces(['admin', 'settings']),
  component: AdminPage,
});
