import { createFileRoute } from '@tanstack/react-router';
import { NewsPage } from '../features/pages/news/news-page';

export const Route = createFileRoute('/news')({
  component: NewsPage,
});
