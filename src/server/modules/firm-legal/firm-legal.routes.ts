import type { MiddlewareHandler } from 'hono';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import {
  documentKindFieldSchema,
  DOCUMENT_MAX_BYTES,
  firmDocumentSchema,
  firmLegalInputSchema,
  firmLegalSchema,
} from '../../../shared/firm-legal';
import { firmIdQuerySchema } from '../../../shared/workspace';
import { allowBody, byteSize } from '../../lib/body-limit';
import { badRequest, fieldErrors } from '../../lib/errors';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { uploadedFile, uploadRateLimit } from '../../lib/media';
import { createRoute, createRouter, idParam, json, jsonBody, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, entityFirm, requireEmployment } from '../../lib/permissions';
import { createFirmLegalService, downloadHeaders } from './firm-legal.service';

const tags = ['Workspace: legal details'];
const security = SIGNED_IN;
const documentFirm = entityFirm('firm_documents', 'id');
/** the file plus the form's own few bytes */
const UPLOAD_BODY_MAX = DOCUMENT_MAX_BYTES + 64 * 1024;

const read = createRoute({
  method: 'get',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('firm.settings')],
  summary: "The firm's legal name, registration ids and documents",
  request: { query: firmIdQuerySchema },
  responses: { 200: json(firmLegalSchema, 'The legal details.', 'FirmLegal'), ...problems(400, 401, 403) },
});
const update = createRoute({
  method: 'put',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('firm.settings')],
  summary: 'Sets the legal name and registration ids (an empty one is cleared); the page and receipts print them',
  request: { query: firmIdQuerySchema, body: jsonBody(firmLegalInputSchema) },
  responses: { 200: json(firmLegalSchema, 'The legal details.', 'FirmLegal'), ...problems(400, 401, 403) },
});
const download = createRoute({
  method: 'get',
  path: '/documents/{id}',
  tags,
  security,
  middleware: [requireEmployment('firm.settings', documentFirm)],
  summary: 'The document as it was uploaded, as a download',
  request: { params: idParam },
  responses: { 200: { description: 'The file.' }, ...problems(401, 403, 404) },
});
/** built with the deployment's upload allowance (the same as for pictures) */
const uploadRoute = (limit: MiddlewareHandler<AppEnv>) =>
  createRoute({
    method: 'post',
    path: '/documents',
    tags,
    security,
    middleware: [
      requireEmployment('firm.settings'),
      allowBody(UPLOAD_BODY_MAX, `The document is too large (${byteSize(DOCUMENT_MAX_BYTES)} at most).`),
      limit,
    ] as const,
    summary: `Adds an official document (a PDF, JPEG or PNG of ${byteSize(DOCUMENT_MAX_BYTES)} at most, judged by its bytes)`,
    request: {
      query: firmIdQuerySchema,
      // read from the form by the handler (the file has its own checks), so described here rather than a zod schema
      body: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { file: { type: 'string', format: 'binary' }, kind: { type: 'string' } },
              required: ['file', 'kind'],
            },
          },
        },
      },
    },
    responses: { 201: json(firmDocumentSchema, 'The document.', 'FirmDocument'), ...problems(400, 401, 403, 409, 413, 429) },
  });
const remove = createRoute({
  method: 'delete',
  path: '/documents/{id}',
  tags,
  security,
  middleware: [requireEmployment('firm.settings', documentFirm)],
  summary: 'Removes a document and its file',
  request: { params: idParam },
  responses: { 204: { description: 'Removed.' }, ...problems(401, 403, 404) },
});

/** `/api/dashboard/firm-legal`: what the owners keep of the business's legal side. */
export function firmLegalRoutes(deps: AppDeps) {
  const legal = createFirmLegalService(deps);
  return createRouter()
    .openapi(read, async (c) => c.json(await legal.read(employmentOf(c).firmId), 200, PRIVATE_NO_STORE))
    .openapi(update, async (c) => c.json(await legal.update(employmentOf(c).firmId, c.req.valid('json')), 200, PRIVATE_NO_STORE))
    .openapi(uploadRoute(uploadRateLimit(deps)), async (c) => {
      const employment = employmentOf(c);
      const { file, form } = await uploadedFile(c, 'file', 'Choose a file to upload.');
      const kind = documentKindFieldSchema.safeParse({ kind: form.kind });
      if (!kind.success) throw badRequest('Say what kind of document this is.', fieldErrors(kind.error));
      const document = await legal.addDocument(employment.firmId, employment.userId, kind.data.kind, file);
      return c.json(document, 201, PRIVATE_NO_STORE);
    })
    .openapi(download, async (c) => {
      const { document, bytes } = await legal.file(employmentOf(c).firmId, c.req.valid('param').id);
      return c.body(new Uint8Array(bytes), 200, downloadHeaders(document));
    })
    .openapi(remove, async (c) => {
      await legal.removeDocument(employmentOf(c).firmId, c.req.valid('param').id);
      return c.body(null, 204);
    });
}
