import { apiRequest } from '../../../lib/api-client';
import type { SignupStartInput } from '../../../../shared/auth';

/** `POST /api/iam/signup/email/start`: mails the confirmation code. */
export const signupStart = (body: SignupStartInput) =>
  apiRequest<{ success: boolean }>('/api/iam/signup/email/start', { method: 'POST', body });
