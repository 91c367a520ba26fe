import { apiRequest } from '../../../lib/api-client';
import type { SessionInfoInput } from '../../../../shared/auth';
import type { AuthResponse } from '../../../../shared/user';

/** `POST /api/iam/login/google` with the id token Google returned. */
export const loginGoogle = (body: { idToken: string; sessionInfo: SessionInfoInput }) =>
  apiRequest<AuthResponse>('/api/iam/login/google', { method: 'POST', body });
