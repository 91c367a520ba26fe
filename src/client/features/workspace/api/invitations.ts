import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { Employment, ReceivedInvitation } from '../../../../shared/workspace';

/** `GET /api/business/invitations`: the invitations waiting for my answer (the business list). */
export const receivedInvitationsQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.receivedInvitations(userId),
    queryFn: () => apiRequest<ReceivedInvitation[]>('/api/business/invitations'),
    meta: { suppressToast: true },
  });

/** `GET /api/business/invitations/by-token/{token}`: the invitation of an emailed link. */
export const invitationByTokenQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.invitationByToken(token),
    queryFn: () => apiRequest<ReceivedInvitation>(`/api/business/invitations/by-token/${encodeURIComponent(token)}`),
    retry: false,
    meta: { suppressToast: true },
  });

interface Answer {
  invitationId: string;
  /** the emailed link's token, when the invitation came by email to another address */
  token?: string;
}

export function useAnswerInvitation(userId: string) {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: queryKeys.workspaceUser(userId) });
  const body = (token?: string) => (token ? { token } : {});
  return {
    accept: useMutation({
      mutationFn: ({ invitationId, token }: Answer) =>
        apiRequest<Employment>(`/api/business/invitations/${encodeURIComponent(invitationId)}/accept`, {
          method: 'POST',
          body: body(token),
        }),
      onSettled: settle,
    }),
    decline: useMutation({
      mutationFn: ({ invitationId, token }: Answer) =>
        apiRequest<void>(`/api/business/invitations/${encodeURIComponent(invitationId)}/decline`, { method: 'POST', body: body(token) }),
      onSettled: settle,
    }),
  };
}
