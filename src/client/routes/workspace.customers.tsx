import { createFileRoute } from '@tanstack/react-router';
import { FirmInbox } from '../features/messages/components/firm-inbox';
import { CustomerDrawer } from '../features/workspace/customers/customer-drawer';
import { CustomersPage } from '../features/workspace/customers/customers-page';
import { CustomersTabs } from '../features/workspace/customers/customers-tabs';
import { useWorkspace } from '../features/workspace/shell/workspace-context';
import { preloadNamespaces } from '../lib/i18n';
import { customersSearch } from '../lib/signed-in-search-params';

/**
 * `/workspace/customers`: the firm's customers (who may see them: `audience.view`) and, as a tab,
 * the messages the whole team answers (`?tab=messages`, `?conversation=id` opens one).
 */
export const Route = createFileRoute('/workspace/customers')({
  validateSearch: customersSearch,
  loader: () => preloadNamespaces(['messages', 'workspace-customers']),
  component: CustomersRoute,
});

function CustomersRoute() {
  const { firmId, can } = useWorkspace();
  const { tab, conversation, customer, q = '', did = '', tag = '' } = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!can('audience.view')) return <FirmInbox firmId={firmId} conversationId={conversation} />;
  const inbox = tab === 'messages' || Boolean(conversation);
  return (
    <>
      <CustomersTabs current={inbox ? 'messages' : 'people'} />
      {inbox ? (
        <FirmInbox firmId={firmId} conversationId={conversation} />
      ) : (
        <CustomersPage
          filter={{ q, did, tag }}
          onNarrow={(filter) =>
            void navigate({ search: { q: filter.q || undefined, did: filter.did || undefined, tag: filter.tag || undefined } })
          }
          onOpen={(key) => void navigate({ search: (current) => ({ ...current, customer: key }) })}
        />
      )}
      {!inbox && customer && (
        <CustomerDrawer customerKey={customer} onClose={() => void navigate({ search: ({ customer: _closed, ...rest }) => rest })} />
      )}
    </>
  );
}
