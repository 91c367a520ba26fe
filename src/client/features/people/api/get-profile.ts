import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { publicProfileSchema } from '../../../../shared/people';

export const profileQuery = (flip: string) =>
  queryOptions({
    queryKey: queryKeys.profile(flip),
    queryFn: async () => {
      try {
        return publicProfileSchema.parse(await apiRequest('/api/user/profile/profile-by-flip', { query: { flip }, suppressToast: true }));
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      }
    },
  });
