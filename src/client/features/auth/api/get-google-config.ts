import { apiRequest } from '../../../lib/api-client';
import type { GoogleConfig } from '../../../../shared/auth';

/** `GET /api/iam/google/config`: whether Google sign-in is on, and a fresh nonce for it. */
export const getGoogleConfig = () => apiRequest<GoogleConfig>('/api/iam/google/config');
