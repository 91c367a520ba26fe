import { apiRequest } from '../../../lib/api-client';
import type { EmailLoginInput } from '../../../../shared/auth';
import type { AuthResponse } from '../../../../shared/user';

/**
 * `POST /api/iam/login/email`. Called by the auth flows (../actions.ts), not through React Query:
 * they show their own messages, so no generic toast.
 */
export const loginEmail = (body: EmailLoginInput) => apiRequest<AuthResponse>('/api/iam/login/email', { method: 'POST', body });
