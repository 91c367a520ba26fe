import { apiRequest } from '../../../lib/api-client';
import type { EmailLoginInput } from '../../../../shared/auth';
import type { AuthResponse } from '../../../../shared/user';

/** `POST /api/iam/login/email`. The auth flows (../actions.ts) show their own messages. */
export const loginEmail = (body: EmailLoginInput) =>
  apiRequest<AuthResponse>('/api/iam/login/email', { method: 'POST', body, suppressToast: true });
