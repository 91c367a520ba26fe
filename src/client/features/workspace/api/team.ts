import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { EmploymentUpdateInput, Invitation, InviteInput, Team, TeamMember } from '../../../../shared/workspace';

/** `GET /api/dashboard/team?firmId=`: members and open invitations. */
export const teamQuery = (firmId: string) =>
  queryOptions({
    queryKey: queryKeys.team(firmId),
    queryFn: () => apiRequest<Team>('/api/dashboard/team', { query: { firmId } }),
    staleTime: 0,
  });

/** `GET /api/dashboard/team/employments/{employmentId}`. */
export const teamMemberQuery = (firmId: string, employmentId: string) =>
  queryOptions({
    queryKey: queryKeys.teamMember(firmId, employmentId),
    queryFn: () => apiRequest<TeamMember>(`/api/dashboard/team/employments/${encodeURIComponent(employmentId)}`),
    meta: { suppressToast: true },
  });

/**
 * Every team change refreshes the firm's workspace reads (the team, the seats of the plan, the
 * home's activity). Its failures are explained by the page in the reader's language
 * (ui/problem-message.ts), so the generic toast stays away.
 */
function useTeamMutation<I, O>(firmId: string, mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { suppressToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.workspaceFirm(firmId) }),
  });
}

/** `POST /api/dashboard/team/invitations?firmId=`. */
export const useInvite = (firmId: string) =>
  useTeamMutation(firmId, (body: InviteInput) =>
    apiRequest<Invitation>('/api/dashboard/team/invitations', { method: 'POST', query: { firmId }, body }),
  );

export const useWithdrawInvitation = (firmId: string) =>
  useTeamMutation(firmId, (invitationId: string) =>
    apiRequest<void>(`/api/dashboard/team/invitations/${encodeURIComponent(invitationId)}`, { method: 'DELETE' }),
  );

export const useUpdateMember = (firmId: string) =>
  useTeamMutation(firmId, ({ employmentId, body }: { employmentId: string; body: EmploymentUpdateInput }) =>
    apiRequest<TeamMember>(`/api/dashboard/team/employments/${encodeURIComponent(employmentId)}`, { method: 'PATCH', body }),
  );

export const useRemoveMember = (firmId: string) =>
  useTeamMutation(firmId, (employmentId: string) =>
    apiRequest<void>(`/api/dashboard/team/employments/${encodeURIComponent(employmentId)}`, { method: 'DELETE' }),
  );

/** `POST /api/dashboard/team/leave?firmId=`. */
export function useLeaveFirm(firmId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('/api/dashboard/team/leave', { method: 'POST', query: { firmId } }),
    meta: { suppressToast: true },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.workspaceFirm(firmId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.employments(userId) });
    },
  });
}
