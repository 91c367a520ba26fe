import { createFileRoute } from '@tanstack/react-router';
import { ProductPage } from '../features/workspace/shop/product-page';

export const Route = createFileRoute('/workspace/shop/$productId')({
  component: function ProductRoute() {
    const { productId } = Route.useParams();
    return <ProductPage productId={productId} />;
  },
});
