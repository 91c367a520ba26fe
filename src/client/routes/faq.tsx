import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '../features/info/components/faq/faq-page';

export const Route = createFileRoute('/faq')({
  component: FaqPage,
});
