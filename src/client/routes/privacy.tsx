import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/info/components/legal/legal-page';

export const Route = createFileRoute('/privacy')({
  component: PrivacyPage,
});

function PrivacyPage() {
  return <LegalPage document="privacy" />;
}
