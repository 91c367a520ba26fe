import { createFileRoute } from '@tanstack/react-router';
import { InventoryPage } from '../features/workspace/shop/inventory-page';

export const Route = createFileRoute('/workspace/inventory')({
  component: InventoryPage,
});
