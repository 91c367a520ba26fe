import { createFileRoute } from '@tanstack/react-router';
import { ComingPage } from '../features/workspace/shell/coming-page';

export const Route = createFileRoute('/workspace/customers')({
  component: () => <ComingPage area="customers" />,
});
