import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { TillCashMoveInput, TillShift, TillShiftReport, TillShiftState } from '../../../../shared/till-shifts';
import { keepShift, readShift } from '../../../../shared/till-store';
import { unreached } from './till';

/**
 * `GET /api/dashboard/till/shifts/current`: the firm's open shift. Kept on the device like the
 * catalogue, so a till reopened offline still puts its sales in the shift.
 */
export const tillShiftQuery = (firmId: string) =>
  queryOptions({
    queryKey: queryKeys.tillShift(firmId),
    queryFn: async () => {
      try {
        const state = await apiRequest<TillShiftState>('/api/dashboard/till/shifts/current', { query: { firmId } });
        await keepShift(firmId, state);
        return state;
      } catch (error) {
        const kept = unreached(error) ? await readShift(firmId) : undefined;
        if (kept) return kept;
        throw error;
      }
    },
  });

/** `GET …/shifts/{id}/report`: owners and managers only. */
export const tillShiftReportQuery = (firmId: string, shiftId: string) =>
  queryOptions({
    queryKey: queryKeys.tillShiftReport(firmId, shiftId),
    queryFn: () => apiRequest<TillShiftReport>(`/api/dashboard/till/shifts/${shiftId}/report`, { query: { firmId } }),
  });

type ShiftAction =
  | { kind: 'open'; floatMinor: number }
  | { kind: 'move'; shiftId: string; move: TillCashMoveInput }
  | { kind: 'close'; shiftId: string; countedMinor: number };

function request(firmId: string, action: ShiftAction): Promise<TillShift> {
  const base = '/api/dashboard/till/shifts';
  const query = { firmId };
  if (action.kind === 'open') return apiRequest(base, { method: 'POST', query, body: { floatMinor: action.floatMinor } });
  if (action.kind === 'move') return apiRequest(`${base}/${action.shiftId}/moves`, { method: 'POST', query, body: action.move });
  return apiRequest(`${base}/${action.shiftId}/close`, { method: 'POST', query, body: { countedMinor: action.countedMinor } });
}

/** Opens, moves cash in or out of, or closes the shift; the till's shift is what the server answers. */
export function useTillShiftAction(firmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ShiftAction) => request(firmId, action),
    onSuccess: async (shift) => {
      const state = { shift: shift.closedAt ? null : shift };
      queryClient.setQueryData(queryKeys.tillShift(firmId), state);
      await keepShift(firmId, state);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.tillShift(firmId) }),
  });
}
