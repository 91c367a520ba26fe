import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, refreshSession } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { errorText, statusMessageKey } from '../../../../shared/error-catalogue';
import { i18next } from '../../../lib/i18n';
import type { WorkspaceFirm } from '../../../../shared/workspace';

/**
 * `POST /api/dashboard/firms/cover?firmId=` (multipart) with upload progress: fetch cannot report
 * it, so this one request goes through XMLHttpRequest, with the HTTP client's rules (credentials,
 * one token refresh on 401, failures as ApiError with the error catalogue's text).
 */
function send(firmId: string, file: File, onProgress: (fraction: number) => void): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/dashboard/firms/cover?firmId=${encodeURIComponent(firmId)}`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        body = request.responseText;
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () => reject(new ApiError(0, i18next.t(statusMessageKey(0), { ns: 'common' }), undefined, undefined));
    const form = new FormData();
    form.set('image', file);
    request.send(form);
  });
}

export async function uploadCover(firmId: string, file: File, onProgress: (fraction: number) => void): Promise<WorkspaceFirm> {
  let result = await send(firmId, file, onProgress);
  if (result.status === 401 && (await refreshSession())) result = await send(firmId, file, onProgress);
  if (result.status < 200 || result.status >= 300) {
    const code = result.body && typeof result.body === 'object' ? (result.body as { code?: string }).code : undefined;
    throw new ApiError(
      result.status,
      errorText(result.body) ?? i18next.t(statusMessageKey(result.status), { ns: 'common' }),
      code,
      result.body,
    );
  }
  onProgress(1);
  return result.body as WorkspaceFirm;
}

export function useUploadCover(firmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => uploadCover(firmId, file, onProgress),
    meta: { suppressToast: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.workspaceFirm(firmId) });
      void queryClient.invalidateQueries({ queryKey: ['workspace', 'user'] });
    },
  });
}
