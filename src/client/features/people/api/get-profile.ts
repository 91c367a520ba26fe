import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { PublicProfile } from '../../../../shared/people';

/** Another person's public profile by flip; an unknown one resolves to null (the 404 page). */
export const getProfile = async (flip: string): Promise<PublicProfile | null> => {
  try {
    return await apiRequest<PublicProfile>('/api/user/profile/profile-by-flip', { query: { flip } });
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
};

export const profileQuery = (flip: string) =>
  queryOptions({ queryKey: queryKeys.profile(flip), queryFn: () => getProfile(flip), meta: { suppressToast: true } });
