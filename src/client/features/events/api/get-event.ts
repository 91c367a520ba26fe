import { queryOptions } from '@tanstack/react-query';
import { apiRequest, nullIfNotFound } from '../../../lib/api-client';
import { publicQueryKeys } from '../../../lib/public-query-keys';
import type { EventDetail } from '../../../../shared/events';

/** An event by short id; a missing one resolves to null ('Event not found.'), other failures throw. */
const getEvent = (shortId: string) => nullIfNotFound(apiRequest<EventDetail>(`/api/public/events/sid/${encodeURIComponent(shortId)}`));

export const eventQuery = (shortId: string) =>
  queryOptions({
    queryKey: publicQueryKeys.event(shortId),
    queryFn: () => getEvent(shortId),
    // a load failure is logged and goes to /events
    meta: { suppressToast: true },
  });
