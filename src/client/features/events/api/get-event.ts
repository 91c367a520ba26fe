import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { EventDetail } from '../../../../shared/events';

/** An event by short id; a missing one resolves to null ('Event not found.'), other failures throw. */
const getEvent = async (shortId: string): Promise<EventDetail | null> => {
  try {
    return await apiRequest<EventDetail>(`/api/public/events/sid/${encodeURIComponent(shortId)}`);
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
};

export const eventQuery = (shortId: string) =>
  queryOptions({
    queryKey: queryKeys.event(shortId),
    queryFn: () => getEvent(shortId),
    // a load failure is logged and goes to /events (spec section 8)
    meta: { suppressToast: true },
  });
