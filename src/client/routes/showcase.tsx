import { createFileRoute } from '@tanstack/react-router';
import { FeaturedPage } from '../features/explore/components/featured-page';
import { pageHead } from '../lib/page-head';

/** `/showcase`: the featured page; the list loads in the page (its spinner stays on failure, per spec). */
export const Route = createFileRoute('/showcase')({
  head: () => pageHead({ title: 'Featured', description: 'Hand-picked businesses, events and stories on Souk.', path: '/showcase' }),
  component: FeaturedPage,
});
