import { ApiError, refreshSession } from './api-client';
import { errorText, statusMessageKey } from '../../shared/error-catalogue';
import { i18next } from './i18n';

/**
 * A workspace upload (a picture as multipart `image`, or a firm's document) with its progress: fetch cannot report it, so
 * these requests go through XMLHttpRequest, with the HTTP client's rules (credentials, one token
 * refresh on 401, failures as ApiError with the error catalogue's text). Shared by the firm cover
 * and the content areas (`POST /api/dashboard/{events|blog-posts|menus|products}/images?firmId=`), and
 * message attachments (`POST …/conversations/{id}/attachments`).
 */
function send(url: string, form: FormData, onProgress: (fraction: number) => void): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
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
    request.send(form);
  });
}

/** Sends a multipart `form` to `url` (path and query) and answers the JSON body of a 2xx, else throws the ApiError. */
export async function uploadForm<T>(url: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  let result = await send(url, form, onProgress);
  if (result.status === 401 && (await refreshSession())) result = await send(url, form, onProgress);
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
  return result.body as T;
}

/** Sends `file` as the form's `image` to `url`: see `uploadForm`. */
export function uploadImage<T>(url: string, file: File, onProgress: (fraction: number) => void): Promise<T> {
  const form = new FormData();
  form.set('image', file);
  return uploadForm<T>(url, form, onProgress);
}
