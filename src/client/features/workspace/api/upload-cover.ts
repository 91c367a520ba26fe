import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { uploadImage } from '../../../lib/upload-image';
import type { WorkspaceFirm } from '../../../../shared/workspace';

/** `POST /api/dashboard/firms/cover?firmId=` (multipart) with upload progress. */
export function uploadCover(firmId: string, file: File, onProgress: (fraction: number) => void): Promise<WorkspaceFirm> {
  return uploadImage<WorkspaceFirm>(`/api/dashboard/firms/cover?firmId=${encodeURIComponent(firmId)}`, file, onProgress);
}

export function useUploadCover(firmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => uploadCover(firmId, file, onProgress),
    meta: { suppressToast: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.workspaceFirm(firmId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.workspaceUsers() });
    },
  });
}
