import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionPage } from '../features/workspace/plans/subscription-page';

export const Route = createFileRoute('/workspace/subscription/')({
  component: SubscriptionPage,
});
