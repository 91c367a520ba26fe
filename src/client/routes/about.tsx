import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../features/info/components/about/about-page';

export const Route = createFileRoute('/about')({
  component: AboutPage,
});
