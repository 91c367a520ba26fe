import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { MaintenancePage } from '../components/layout/maintenance-page';

const searchSchema = z.object({
  feature: z.string().trim().max(60).optional().catch(undefined),
});

export const Route = createFileRoute('/maintenance')({
  validateSearch: searchSchema,
  component: MaintenanceRoute,
});

function MaintenanceRoute() {
  const { feature } = Route.useSearch();
  return <MaintenancePage feature={feature} />;
}
