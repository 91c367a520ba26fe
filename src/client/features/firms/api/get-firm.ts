import { queryOptions } from '@tanstack/react-query';
import { apiRequest, nullIfNotFound } from '../../../lib/api-client';
import { publicQueryKeys } from '../../../lib/public-query-keys';
import type { FirmDetail } from '../../../../shared/firms';

/** A firm page by username; an unknown one resolves to null (the route shows the 404 page). */
const getFirm = (username: string) => nullIfNotFound(apiRequest<FirmDetail>(`/api/public/firms/u/${encodeURIComponent(username)}`));

export const firmQuery = (username: string) =>
  queryOptions({ queryKey: publicQueryKeys.firm(username), queryFn: () => getFirm(username), meta: { suppressToast: true } });
