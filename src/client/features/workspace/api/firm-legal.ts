import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentKind, FirmDocument, FirmLegal, FirmLegalInput } from '../../../../shared/firm-legal';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { uploadForm } from '../../../lib/upload-image';

const base = '/api/dashboard/firm-legal';
const legalKey = (firmId: string) => [...queryKeys.workspaceFirm(firmId), 'legal'] as const;

/** `GET /api/dashboard/firm-legal?firmId=`: legal name, registration ids and documents (owners). */
export const firmLegalQuery = (firmId: string) =>
  queryOptions({ queryKey: legalKey(firmId), queryFn: () => apiRequest<FirmLegal>(base, { query: { firmId } }) });

/** After a change the settings page reads the whole again; the public page shows the new line on its next read. */
function useLegalChanged(firmId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: legalKey(firmId) });
}

/** `PUT /api/dashboard/firm-legal?firmId=`: the form shows field errors. */
export function useUpdateFirmLegal(firmId: string) {
  const changed = useLegalChanged(firmId);
  return useMutation({
    mutationFn: (body: FirmLegalInput) => apiRequest<FirmLegal>(base, { method: 'PUT', query: { firmId }, body }),
    meta: { suppressToast: true },
    onSuccess: changed,
  });
}

/** `POST /api/dashboard/firm-legal/documents?firmId=` (multipart `file` and `kind`) with upload progress. */
export function useUploadFirmDocument(firmId: string) {
  const changed = useLegalChanged(firmId);
  return useMutation({
    mutationFn: ({ file, kind, onProgress }: { file: File; kind: DocumentKind; onProgress: (fraction: number) => void }) => {
      const form = new FormData();
      form.set('kind', kind);
      form.set('file', file);
      return uploadForm<FirmDocument>(`${base}/documents?firmId=${encodeURIComponent(firmId)}`, form, onProgress);
    },
    meta: { suppressToast: true },
    onSuccess: changed,
  });
}

/** `DELETE /api/dashboard/firm-legal/documents/{id}`. */
export function useRemoveFirmDocument(firmId: string) {
  const changed = useLegalChanged(firmId);
  return useMutation({
    mutationFn: (documentId: string) => apiRequest<void>(`${base}/documents/${encodeURIComponent(documentId)}`, { method: 'DELETE' }),
    meta: { suppressToast: true },
    onSuccess: changed,
  });
}

/** Where the browser downloads a document (the owner's session cookie goes with it). */
export const documentDownloadUrl = (documentId: string) => `${base}/documents/${encodeURIComponent(documentId)}`;
