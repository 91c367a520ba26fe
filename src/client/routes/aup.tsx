import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/info/components/legal/legal-page';

export const Route = createFileRoute('/aup')({
  component: AupPage,
});

function AupPage() {
  return <LegalPage document="aup" />;
}
