import { createFileRoute } from '@tanstack/react-router';
import { BlogListPage } from '../features/workspace/blog/blog-list-page';

export const Route = createFileRoute('/workspace/blog/')({
  component: BlogListPage,
});
