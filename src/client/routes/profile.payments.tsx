import { createFileRoute } from '@tanstack/react-router';
import { PaymentsPage } from '../features/profile/components/payments-page';
import { preloadNamespaces } from '../lib/i18n';

/** `/profile/payments`: the payments the provider recorded (Souk keeps no card). */
export const Route = createFileRoute('/profile/payments')({
  loader: () => preloadNamespaces(['settings']),
  component: PaymentsPage,
});
