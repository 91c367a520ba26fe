import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/info/components/legal/legal-page';

export const Route = createFileRoute('/terms')({
  component: TermsPage,
});

function TermsPage() {
  return <LegalPage document="terms" />;
}
