import { queryOptions } from '@tanstack/react-query';
import { apiRequest, DASHBOARD_RETRY_HEADER } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { DashFirm } from '../../../../shared/workspace';

/** `GET /api/dashboard/firms/dash-firm?firmId=`: the firm, my employment, the plan with its usage. */
const getDashFirm = (firmId: string, options: { asRetry?: boolean } = {}) =>
  apiRequest<DashFirm>('/api/dashboard/firms/dash-firm', {
    query: { firmId },
    headers: options.asRetry ? { [DASHBOARD_RETRY_HEADER]: '1' } : undefined,
  });

/** The dashboard 401 rule's re-fetch of the current firm (marked, so it is not intercepted again). */
export const refetchDashFirm = (firmId: string) => getDashFirm(firmId, { asRetry: true });

/** A failure clears the selection (the workspace shows why), so it is not toasted. */
export const dashFirmQuery = (firmId: string) =>
  queryOptions({ queryKey: queryKeys.dashFirm(firmId), queryFn: () => getDashFirm(firmId), retry: false, meta: { suppressToast: true } });
