import { createFileRoute } from '@tanstack/react-router';
import { BookingsPage } from '../features/workspace/bookings/bookings-page';
import { preloadNamespaces } from '../lib/i18n';

export const Route = createFileRoute('/workspace/bookings')({
  loader: () => preloadNamespaces(['workspace-bookings']),
  component: BookingsPage,
});
