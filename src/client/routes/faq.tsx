import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '../features/pages/faq/faq-page';

export const Route = createFileRoute('/faq')({
  component: FaqPage,
});
