import { createFileRoute } from '@tanstack/react-router';
import { maintenanceSearch } from '../lib/search-params';
import { MaintenancePage } from '../components/layout/maintenance-page';

export const Route = createFileRoute('/maintenance')({
  validateSearch: maintenanceSearch,
  component: MaintenanceRoute,
});

function MaintenanceRoute() {
  const { feature } = Route.useSearch();
  return <MaintenancePage feature={feature} />;
}
