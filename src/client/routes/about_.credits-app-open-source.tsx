import { createFileRoute } from '@tanstack/react-router';
import { CreditsOpenSourcePage } from '../features/info/components/credits/credits-open-source-page';

export const Route = createFileRoute('/about_/credits-app-open-source')({
  component: CreditsOpenSourcePage,
});
