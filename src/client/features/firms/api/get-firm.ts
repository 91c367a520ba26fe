import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { firmDetailSchema } from '../../../../shared/firms';

/** A firm page by username; an unknown one resolves to null (the route shows the 404 page). */
export const firmQuery = (username: string) =>
  queryOptions({
    queryKey: queryKeys.firm(username),
    queryFn: async () => {
      try {
        return await apiRequest<z.output<typeof firmDetailSchema>>(`/api/public/firms/u/${encodeURIComponent(username)}`, { suppressToast: true });
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      }
    },
  });

export const qrCodeUrl = (username: string, format: 'svg' | 'png') =>
  `/api/public/firms/u/${encodeURIComponent(username)}/qr.${format}`;
