import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { SessionSummary } from '../../../../shared/auth';

/** Where the signed-in account is signed in (the current device marked). */
const getSessions = () => apiRequest<SessionSummary[]>('/api/iam/sessions');

export const sessionsQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.sessions(userId), queryFn: getSessions, staleTime: 30_000 });
