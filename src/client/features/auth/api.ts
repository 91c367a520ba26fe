import { apiRequest } from '../../lib/api-client';
import type {
  EmailLoginInput,
  GoogleConfig,
  PasswordResetCompleteInput,
  SessionInfoInput,
  SignupCompleteInput,
  SignupStartInput,
} from '../../../shared/auth';
import type { AuthResponse } from '../../../shared/user';

/** The auth API (`/api/iam`, spec section 7). Callers show their own messages: no generic toast. */
const quiet = { suppressToast: true } as const;

export const authApi = {
  loginEmail: (body: EmailLoginInput) => apiRequest<AuthResponse>('/api/iam/login/email', { method: 'POST', body, ...quiet }),
  signupStart: (body: SignupStartInput) => apiRequest<{ success: boolean }>('/api/iam/signup/email/start', { method: 'POST', body, ...quiet }),
  signupComplete: (body: SignupCompleteInput) =>
    apiRequest<AuthResponse>('/api/iam/signup/email/complete', { method: 'POST', body, ...quiet }),
  loginGoogle: (body: { idToken: string; sessionInfo: SessionInfoInput }) =>
    apiRequest<AuthResponse>('/api/iam/login/google', { method: 'POST', body, ...quiet }),
  googleConfig: () => apiRequest<GoogleConfig>('/api/iam/google/config', quiet),
  logout: () => apiRequest<{ success: boolean }>('/api/iam/auth/logout', { method: 'POST', ...quiet }),
  resetStart: (email: string) =>
    apiRequest<{ success: boolean }>('/api/iam/password/reset/start', { method: 'POST', body: { email }, ...quiet }),
  resetComplete: (body: PasswordResetCompleteInput & { sessionInfo: SessionInfoInput }) =>
    apiRequest<AuthResponse>('/api/iam/password/reset/complete', { method: 'POST', body, ...quiet }),
};
