import { queryOptions, keepPreviousData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { eventPageSchema, type EventFilter } from '../../../../shared/events';

export const EVENTS_PAGE_SIZE = 24;

/** `POST /api/public/events?page&size` with the filter body; upcoming events by default. */
export const eventsQuery = (filter: EventFilter, page = 0, size = EVENTS_PAGE_SIZE) =>
  queryOptions({
    queryKey: queryKeys.events({ ...filter, page, size }),
    queryFn: async () =>
      eventPageSchema.parse(await apiRequest('/api/public/events', { method: 'POST', query: { page, size }, body: filter })),
    placeholderData: keepPreviousData,
  });
