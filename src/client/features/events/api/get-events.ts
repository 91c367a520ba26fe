import { queryOptions, keepPreviousData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { publicQueryKeys } from '../../../lib/public-query-keys';
import type { EventCard, EventFilter } from '../../../../shared/events';
import type { Paged } from '../../../../shared/paging';

export const EVENTS_PAGE_SIZE = 24;

/** `POST /api/public/events?page&size` with the filter body; upcoming events by default. */
const getEvents = (filter: EventFilter, page: number, size: number) =>
  apiRequest<Paged<EventCard>>('/api/public/events', { method: 'POST', query: { page, size }, body: filter });

export const eventsQuery = (filter: EventFilter, page = 0, size = EVENTS_PAGE_SIZE) =>
  queryOptions({
    queryKey: publicQueryKeys.events({ ...filter, page, size }),
    queryFn: () => getEvents(filter, page, size),
    placeholderData: keepPreviousData,
  });
