import { createFileRoute } from '@tanstack/react-router';
import { ComingPage } from '../features/workspace/shell/coming-page';

export const Route = createFileRoute('/workspace/reports')({
  component: () => <ComingPage area="reports" />,
});
