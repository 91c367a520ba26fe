import { queryOptions } from '@tanstack/react-query';
import type { ConversationList } from '../../shared/messages';
import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/**
 * The firm's conversations with its customers (`/api/dashboard/conversations`): read by the
 * workspace inbox (features/messages) and by the workspace nav for its unread badge, one cache for
 * both, so reading a conversation empties the badge at once.
 */
export const firmConversationsQuery = (firmId: string) =>
  queryOptions({
    queryKey: queryKeys.firmConversations(firmId),
    queryFn: () => apiRequest<ConversationList>('/api/dashboard/conversations', { query: { firmId } }),
    staleTime: 10_000,
  });
