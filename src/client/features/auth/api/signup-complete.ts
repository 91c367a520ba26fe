import { apiRequest } from '../../../lib/api-client';
import type { SignupCompleteInput } from '../../../../shared/auth';
import type { AuthResponse } from '../../../../shared/user';

/** `POST /api/iam/signup/email/complete` with the mailed code: the account exists and is signed in. */
export const signupComplete = (body: SignupCompleteInput) =>
  apiRequest<AuthResponse>('/api/iam/signup/email/complete', { method: 'POST', body });
