import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { uploadImage } from '../../../lib/upload-image';
import type { Attachment, Conversation, ConversationList, LiveMessage, Message, MessagePage } from '../../../../shared/messages';
import type { ImageSize } from '../../../../shared/media';

/**
 * Conversations between a customer and a firm, from either side: the customer's
 * (`/api/user/conversations`) or the firm team's (`/api/dashboard/conversations`, permission
 * `messages.reply`). A `Side` names which one and whose cache it is.
 */
export type Side = { kind: 'customer'; userId: string } | { kind: 'firm'; firmId: string };

const base = (side: Side) => (side.kind === 'customer' ? '/api/user/conversations' : '/api/dashboard/conversations');
const listKey = (side: Side) =>
  side.kind === 'customer' ? queryKeys.conversations(side.userId) : queryKeys.firmConversations(side.firmId);
const threadKey = (side: Side, id: string) =>
  side.kind === 'customer' ? queryKeys.conversation(side.userId, id) : queryKeys.firmConversation(side.firmId, id);

/** The list of one side (the firm's is lib/firm-inbox's, which the workspace nav's badge shares). */
export const conversationsQuery = (side: Side) =>
  queryOptions({
    queryKey: listKey(side),
    queryFn: () => apiRequest<ConversationList>(base(side), { query: side.kind === 'firm' ? { firmId: side.firmId } : undefined }),
    staleTime: 10_000,
  });

export const threadQuery = (side: Side, id: string) =>
  queryOptions({
    queryKey: threadKey(side, id),
    queryFn: () => apiRequest<MessagePage>(`${base(side)}/${encodeURIComponent(id)}/messages`),
    staleTime: 10_000,
  });

/** Older messages of a thread, put before those already shown. */
export async function loadOlder(queryClient: QueryClient, side: Side, id: string, before: string): Promise<void> {
  const older = await apiRequest<MessagePage>(`${base(side)}/${encodeURIComponent(id)}/messages`, { query: { before } });
  queryClient.setQueryData<MessagePage>(threadKey(side, id), (page) =>
    page ? { ...page, content: [...older.content, ...page.content], hasOlder: older.hasOlder } : page,
  );
}

/** Adds a message to a thread's cache once (the answer and the live event both bring it). */
export function addToThread(queryClient: QueryClient, side: Side, id: string, message: Message): void {
  queryClient.setQueryData<MessagePage>(threadKey(side, id), (page) =>
    page && !page.content.some((m) => m.id === message.id) ? { ...page, content: [...page.content, message] } : page,
  );
}

/** A live `message` event: into the thread when it is cached, and the list is out of date. */
export function applyLiveMessage(queryClient: QueryClient, side: Side, event: LiveMessage): void {
  if (side.kind === 'firm' && event.firmId !== side.firmId) return;
  if (side.kind === 'customer' && event.customerId !== side.userId) return;
  addToThread(queryClient, side, event.conversationId, event.message);
  void queryClient.invalidateQueries({ queryKey: listKey(side) });
}

/** One rendition of a conversation's image: read through the conversation (only its two sides may). */
export const attachmentUrl = (side: Side, conversationId: string, attachmentId: string, size: ImageSize) =>
  `${base(side)}/${encodeURIComponent(conversationId)}/attachments/${encodeURIComponent(attachmentId)}/${size}.webp`;

/** Uploads an image for the next message of the conversation, reporting its progress (0..1). */
export const uploadAttachment = (side: Side, id: string, file: File, onProgress: (fraction: number) => void) =>
  uploadImage<Attachment>(`${base(side)}/${encodeURIComponent(id)}/attachments`, file, onProgress);

export function useSendMessage(side: Side, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; attachments: string[] }) =>
      apiRequest<Message>(`${base(side)}/${encodeURIComponent(id)}/messages`, { method: 'POST', body: input }),
    meta: { suppressToast: true },
    onSuccess: (message) => {
      addToThread(queryClient, side, id, message);
      void queryClient.invalidateQueries({ queryKey: listKey(side) });
    },
  });
}

/** Marks the thread read on the server, and at once in the caches. */
export async function markRead(queryClient: QueryClient, side: Side, id: string): Promise<void> {
  queryClient.setQueryData<MessagePage>(threadKey(side, id), (page) =>
    page ? { ...page, conversation: { ...page.conversation, unread: 0 } } : page,
  );
  queryClient.setQueryData<ConversationList>(listKey(side), (list) =>
    list
      ? {
          content: list.content.map((c) => (c.id === id ? { ...c, unread: 0 } : c)),
          unread: list.content.reduce((sum, c) => sum + (c.id === id ? 0 : c.unread), 0),
        }
      : list,
  );
  await apiRequest<void>(`${base(side)}/${encodeURIComponent(id)}/read`, { method: 'POST' }).catch(() => undefined);
  // a list read while the POST was on its way may still count it unread (the nav's badge too)
  void queryClient.invalidateQueries({ queryKey: listKey(side) });
}

/** The customer opens (or finds) their conversation with a firm. */
export const openConversation = (firmUsername: string) =>
  apiRequest<Conversation>('/api/user/conversations', { method: 'POST', body: { firmUsername } });

/** The firm's team blocks or unblocks the customer of a conversation. */
export function useBlockCustomer(firmId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) =>
      apiRequest<Conversation>(`/api/dashboard/conversations/${encodeURIComponent(id)}/block`, { method: 'PUT', body: { blocked } }),
    onSuccess: (conversation) => {
      queryClient.setQueryData<MessagePage>(queryKeys.firmConversation(firmId, id), (page) => (page ? { ...page, conversation } : page));
      void queryClient.invalidateQueries({ queryKey: queryKeys.firmConversations(firmId) });
    },
  });
}
