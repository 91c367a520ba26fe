import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/pages/legal/legal-page';

export const Route = createFileRoute('/privacy')({
  component: PrivacyPage,
});

function PrivacyPage() {
  return <LegalPage document="privacy" />;
}
