import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { FirmDetail } from '../../../../shared/firms';

/** A firm page by username; an unknown one resolves to null (the route shows the 404 page). */
const getFirm = async (username: string): Promise<FirmDetail | null> => {
  try {
    return await apiRequest<FirmDetail>(`/api/public/firms/u/${encodeURIComponent(username)}`);
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
};

export const firmQuery = (username: string) =>
  queryOptions({ queryKey: queryKeys.firm(username), queryFn: () => getFirm(username), meta: { suppressToast: true } });
