import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import type { ProfileUpdateInput, SessionSummary } from '../../../shared/auth';
import type { AuthResponse } from '../../../shared/user';

/** Per-user data: under 'user', which is never persisted (see lib/query-keys.ts). */
export const profileKeys = {
  sessions: (userId: string) => ['user', 'sessions', userId] as const,
};

export const sessionsQuery = (userId: string) =>
  queryOptions({
    queryKey: profileKeys.sessions(userId),
    queryFn: () => apiRequest<SessionSummary[]>('/api/iam/sessions'),
    staleTime: 30_000,
  });

export const profileApi = {
  update: (body: ProfileUpdateInput) => apiRequest<AuthResponse>('/api/iam/profile', { method: 'PUT', body, suppressToast: true }),
  uploadImage: (file: File) => {
    const form = new FormData();
    form.set('image', file);
    return apiRequest<AuthResponse>('/api/iam/profile/image', { method: 'POST', body: form });
  },
  revokeSession: (id: string) => apiRequest<{ success: boolean }>(`/api/iam/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  revokeOthers: () => apiRequest<{ success: boolean; revoked: number }>('/api/iam/sessions/revoke-others', { method: 'POST' }),
};
