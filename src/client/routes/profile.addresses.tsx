import { createFileRoute } from '@tanstack/react-router';
import { AddressesPage } from '../features/profile/components/addresses-page';
import { preloadNamespaces } from '../lib/i18n';

/** `/profile/addresses`: delivery addresses for shop orders. */
export const Route = createFileRoute('/profile/addresses')({
  loader: () => preloadNamespaces(['settings']),
  component: AddressesPage,
});
