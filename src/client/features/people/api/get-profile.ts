import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { publicProfileSchema } from '../../../../shared/people';

export const profileQuery = (flip: string) =>
  queryOptions({
    queryKey: queryKeys.profile(flip),
    queryFn: async () => {
      try {
        return await apiRequest<z.output<typeof publicProfileSchema>>('/api/user/profile/profile-by-flip', { query: { flip }, suppressToast: true });
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      }
    },
  });
