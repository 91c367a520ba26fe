import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '../features/orders/components/cart-page';
import { preloadNamespaces } from '../lib/i18n';

/** `/profile/cart`: one cart per firm, ordered through the same order and payment flow as tickets. */
export const Route = createFileRoute('/profile/cart')({
  loader: () => preloadNamespaces(['tickets']),
  component: CartPage,
});
