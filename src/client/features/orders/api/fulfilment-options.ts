import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { FulfilmentOptions } from '../../../../shared/fulfilment';

/** `GET /api/user/cart/{firmId}/fulfilment`: pickup and delivery as the firm offers them at checkout. */
export const fulfilmentOptionsQuery = (firmId: string) =>
  queryOptions({
    queryKey: queryKeys.fulfilmentOptions(firmId),
    queryFn: () => apiRequest<FulfilmentOptions>(`/api/user/cart/${encodeURIComponent(firmId)}/fulfilment`),
  });
