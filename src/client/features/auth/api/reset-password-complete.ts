import { apiRequest } from '../../../lib/api-client';
import type { PasswordResetCompleteInput, SessionInfoInput } from '../../../../shared/auth';
import type { AuthResponse } from '../../../../shared/user';

/** `POST /api/iam/password/reset/complete` with the mailed code and the new password: signed in. */
export const resetPasswordComplete = (body: PasswordResetCompleteInput & { sessionInfo: SessionInfoInput }) =>
  apiRequest<AuthResponse>('/api/iam/password/reset/complete', { method: 'POST', body });
