import { createFileRoute } from '@tanstack/react-router';
import { FirmInbox } from '../features/messages/components/firm-inbox';
import { useWorkspace } from '../features/workspace/shell/workspace-context';
import { preloadNamespaces } from '../lib/i18n';
import { customersSearch } from '../lib/signed-in-search-params';

/** `/workspace/customers`: the team answers customers' messages (`?conversation=id` opens one). */
export const Route = createFileRoute('/workspace/customers')({
  validateSearch: customersSearch,
  loader: () => preloadNamespaces(['messages']),
  component: CustomersRoute,
});

function CustomersRoute() {
  const { firmId } = useWorkspace();
  const { conversation } = Route.useSearch();
  return <FirmInbox firmId={firmId} conversationId={conversation} />;
}
