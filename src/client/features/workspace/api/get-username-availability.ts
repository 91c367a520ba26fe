import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { UsernameAvailability } from '../../../../shared/workspace';

/** `GET /api/business/firms/username-availability?username=`: free, taken, reserved or invalid. */
export const usernameAvailabilityQuery = (username: string) =>
  queryOptions({
    queryKey: queryKeys.usernameAvailability(username),
    queryFn: ({ signal }) =>
      apiRequest<UsernameAvailability>('/api/business/firms/username-availability', { query: { username: username.trim() }, signal }),
    staleTime: 10_000,
    meta: { suppressToast: true },
  });
