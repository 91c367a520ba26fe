import { createFileRoute } from '@tanstack/react-router';
import { MyMessagesPage } from '../features/messages/components/my-messages';
import { preloadNamespaces } from '../lib/i18n';
import { newConversationSearch } from '../lib/signed-in-search-params';

/**
 * `/profile/messages`: my conversations with firms. `?firm=username` (the firm page's 'Message'
 * button, after the login when signed out) opens the conversation with that firm.
 */
export const Route = createFileRoute('/profile/messages/')({
  validateSearch: newConversationSearch,
  loader: () => preloadNamespaces(['messages']),
  component: MessagesRoute,
});

function MessagesRoute() {
  const { firm } = Route.useSearch();
  return <MyMessagesPage firm={firm} />;
}
