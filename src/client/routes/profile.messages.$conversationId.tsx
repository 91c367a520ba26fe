import { createFileRoute } from '@tanstack/react-router';
import { MyConversationPage } from '../features/messages/components/my-messages';
import { preloadNamespaces } from '../lib/i18n';

/** `/profile/messages/{id}`: one conversation with a firm, live. */
export const Route = createFileRoute('/profile/messages/$conversationId')({
  loader: () => preloadNamespaces(['messages']),
  component: ConversationRoute,
});

function ConversationRoute() {
  const { conversationId } = Route.useParams();
  return <MyConversationPage key={conversationId} id={conversationId} />;
}
