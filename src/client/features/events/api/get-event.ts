import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { eventDetailSchema } from '../../../../shared/events';

/** An event by short id; a missing one resolves to null ('Event not found.'), other failures throw. */
export const eventQuery = (shortId: string) =>
  queryOptions({
    queryKey: queryKeys.event(shortId),
    queryFn: async () => {
      try {
        return await apiRequest<z.output<typeof eventDetailSchema>>(`/api/public/events/sid/${encodeURIComponent(shortId)}`, { suppressToast: true });
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      }
    },
  });
