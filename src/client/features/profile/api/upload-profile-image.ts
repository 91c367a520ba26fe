import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { markSignedIn } from '../../../lib/session';
import type { AuthResponse } from '../../../../shared/user';

/** `POST /api/iam/profile/image` (multipart): the new picture; answers the updated user. */
const uploadProfileImage = (file: File) => {
  const form = new FormData();
  form.set('image', file);
  return apiRequest<AuthResponse>('/api/iam/profile/image', { method: 'POST', body: form });
};

export function useUploadProfileImage() {
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: (response) => {
      if (response.user) markSignedIn(response.user);
    },
  });
}
