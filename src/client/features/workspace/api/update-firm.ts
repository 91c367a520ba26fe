import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { FirmProfileInput, FirmSettingsInput, WorkspaceFirm } from '../../../../shared/workspace';

/** After a change: the firm's workspace reads, the business list (name, picture) and its public page. */
function useFirmSaved(firmId: string) {
  const queryClient = useQueryClient();
  return (firm: WorkspaceFirm) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.workspaceFirm(firmId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.workspaceUsers() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.firm(firm.username) });
  };
}

/** `PUT /api/dashboard/firms/profile?firmId=`: the business profile; the form shows field errors. */
export function useUpdateFirmProfile(firmId: string) {
  const saved = useFirmSaved(firmId);
  return useMutation({
    mutationFn: (body: FirmProfileInput) =>
      apiRequest<WorkspaceFirm>('/api/dashboard/firms/profile', { method: 'PUT', query: { firmId }, body }),
    meta: { suppressToast: true },
    onSuccess: saved,
  });
}

/** `PUT /api/dashboard/firms/settings?firmId=`: language, currency, published. */
export function useUpdateFirmSettings(firmId: string) {
  const saved = useFirmSaved(firmId);
  return useMutation({
    mutationFn: (body: FirmSettingsInput) =>
      apiRequest<WorkspaceFirm>('/api/dashboard/firms/settings', { method: 'PUT', query: { firmId }, body }),
    onSuccess: saved,
  });
}
