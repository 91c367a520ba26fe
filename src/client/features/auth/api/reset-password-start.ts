import { apiRequest } from '../../../lib/api-client';

/** `POST /api/iam/password/reset/start`: mails a reset code (the answer is the same for any address). */
export const resetPasswordStart = (email: string) =>
  apiRequest<{ success: boolean }>('/api/iam/password/reset/start', { method: 'POST', body: { email } });
