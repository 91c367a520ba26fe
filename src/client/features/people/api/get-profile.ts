import { queryOptions } from '@tanstack/react-query';
import { apiRequest, nullIfNotFound } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { PublicProfile } from '../../../../shared/people';

/** Another person's public profile by flip; an unknown one resolves to null (the 404 page). */
export const getProfile = (flip: string) =>
  nullIfNotFound(apiRequest<PublicProfile>('/api/user/profile/profile-by-flip', { query: { flip } }));

export const profileQuery = (flip: string) =>
  queryOptions({ queryKey: queryKeys.profile(flip), queryFn: () => getProfile(flip), meta: { suppressToast: true } });
