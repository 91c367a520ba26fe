import { queryOptions, keepPreviousData } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { EventFilter, eventPageSchema } from '../../../../shared/events';

export const EVENTS_PAGE_SIZE = 24;

/** `POST /api/public/events?page&size` with the filter body; upcoming events by default. */
export const eventsQuery = (filter: EventFilter, page = 0, size = EVENTS_PAGE_SIZE) =>
  queryOptions({
    queryKey: queryKeys.events({ ...filter, page, size }),
    queryFn: () =>
      apiRequest<z.output<typeof eventPageSchema>>('/api/public/events', { method: 'POST', query: { page, size }, body: filter }),
    placeholderData: keepPreviousData,
  });
