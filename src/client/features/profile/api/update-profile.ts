import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { markSignedIn } from '../../../lib/session';
import type { ProfileUpdateInput } from '../../../../shared/auth';
import type { AuthResponse } from '../../../../shared/user';

/** `PUT /api/iam/profile`: the name; answers the updated user. */
const updateProfile = (body: ProfileUpdateInput) => apiRequest<AuthResponse>('/api/iam/profile', { method: 'PUT', body });

/** The form shows field errors itself, so the failure is not toasted for it. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    meta: { suppressToast: true },
    onSuccess: (response) => {
      if (response.user) markSignedIn(response.user);
    },
  });
}
