import { createFileRoute } from '@tanstack/react-router';
import { ShopPage } from '../features/workspace/shop/shop-page';

export const Route = createFileRoute('/workspace/shop/')({
  component: ShopPage,
});
