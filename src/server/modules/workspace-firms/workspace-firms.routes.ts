import type { AppDeps } from '../../app-deps';
import {
  dashFirmSchema,
  firmIdQuerySchema,
  firmProfileInputSchema,
  firmSettingsSchema,
  keyFiguresSchema,
  workspaceFirmSchema,
} from '../../../shared/workspace';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { imageUpload } from '../../lib/media';
import { createRoute, createRouter, json, media, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, requireEmployment } from '../../lib/permissions';
import { createWorkspaceFirmService } from './workspace-firms.service';

const tags = ['Workspace: firm'];
const security = SIGNED_IN;
const query = firmIdQuerySchema;

const dashFirm = createRoute({
  method: 'get',
  path: '/dash-firm',
  tags,
  security,
  middleware: [requireEmployment('firm.view')],
  summary: 'Firm dashboard data: the firm, my employment, the plan with its usage',
  request: { query },
  responses: { 200: json(dashFirmSchema, 'The firm as its team sees it.', 'DashFirm'), ...problems(400, 401, 403) },
});
const home = createRoute({
  method: 'get',
  path: '/home',
  tags,
  security,
  middleware: [requireEmployment('firm.view')],
  summary: "The workspace home's key figures: followers, upcoming events, tickets sold, revenue, latest activity",
  request: { query },
  responses: { 200: json(keyFiguresSchema, 'Counted from real rows.', 'KeyFigures'), ...problems(400, 401, 403) },
});
const profile = createRoute({
  method: 'put',
  path: '/profile',
  tags,
  security,
  middleware: [requireEmployment('firm.edit')],
  summary: 'Edits the business profile: name, description, category, address, hours, contact',
  request: { query, body: { required: true, content: { 'application/json': { schema: firmProfileInputSchema } } } },
  responses: { 200: json(workspaceFirmSchema, 'The firm as saved.', 'WorkspaceFirm'), ...problems(400, 401, 403) },
});
const settings = createRoute({
  method: 'put',
  path: '/settings',
  tags,
  security,
  middleware: [requireEmployment('firm.settings')],
  summary: "The firm's settings: its page's language, its currency, whether the page is published, whether following it needs approval",
  request: { query, body: { required: true, content: { 'application/json': { schema: firmSettingsSchema } } } },
  responses: { 200: json(workspaceFirmSchema, 'The firm as saved.', 'WorkspaceFirm'), ...problems(400, 401, 403) },
});
const qrSvg = createRoute({
  method: 'get',
  path: '/qr.svg',
  tags,
  security,
  middleware: [requireEmployment('firm.view')],
  summary: "The QR code of the firm's page as SVG (also before the page is published)",
  request: { query },
  responses: { 200: media('image/svg+xml', 'The QR code, to download.', 'text'), ...problems(400, 401, 403) },
});
const qrPng = createRoute({
  method: 'get',
  path: '/qr.png',
  tags,
  security,
  middleware: [requireEmployment('firm.view')],
  summary: "The QR code of the firm's page as a 1024 px PNG",
  request: { query },
  responses: { 200: media('image/png', 'The QR code, to download.'), ...problems(400, 401, 403) },
});

/** `/api/dashboard/firms`: the selected firm as its team reads and edits it. */
export function workspaceFirmRoutes(deps: AppDeps) {
  const { db, clock, env } = deps;
  const firms = createWorkspaceFirmService(db, clock, env.publicUrl);
  const upload = imageUpload(deps);
  const cover = createRoute({
    method: 'post',
    path: '/cover',
    tags,
    security,
    middleware: [requireEmployment('firm.edit'), ...upload.guards],
    summary: "Sets the firm's cover image (JPEG, PNG, WebP, GIF or AVIF, 8 MB at most; stored as small, medium and large renditions)",
    request: {
      query,
      // Read by the image pipeline (a missing or unreadable file has its own messages), so described, not a zod schema.
      body: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', properties: { image: { type: 'string', format: 'binary' } }, required: ['image'] },
          },
        },
      },
    },
    responses: {
      200: json(workspaceFirmSchema, 'The firm with its new cover.', 'WorkspaceFirm'),
      ...problems(400, 401, 403, 413, 429, 503),
    },
  });
  return createRouter()
    .openapi(dashFirm, async (c) => c.json(await firms.dashFirm(employmentOf(c)), 200, PRIVATE_NO_STORE))
    .openapi(home, async (c) => c.json(await firms.keyFigures(employmentOf(c).firmId), 200, PRIVATE_NO_STORE))
    .openapi(profile, async (c) => c.json(await firms.updateProfile(employmentOf(c), c.req.valid('json')), 200, PRIVATE_NO_STORE))
    .openapi(settings, async (c) => c.json(await firms.updateSettings(employmentOf(c), c.req.valid('json')), 200, PRIVATE_NO_STORE))
    .openapi(cover, async (c) => {
      const employment = employmentOf(c);
      const stored = await upload.store(c, { uploadedBy: employment.userId });
      const { firm, previous } = await firms.setCover(employment, stored.id);
      await upload.discard(previous);
      return c.json(firm, 200, PRIVATE_NO_STORE);
    })
    .openapi(qrSvg, async (c) => {
      const code = await firms.qrCode(employmentOf(c).firmId, 'svg');
      return c.body(code.body as string, 200, {
        'Content-Type': 'image/svg+xml',
        'Content-Disposition': `attachment; filename="souk-${code.username}-qr.svg"`,
        ...PRIVATE_NO_STORE,
      });
    })
    .openapi(qrPng, async (c) => {
      const code = await firms.qrCode(employmentOf(c).firmId, 'png');
      return c.body(new Uint8Array(code.body as Buffer), 200, {
        'Content-Type': 'image/png',
        'Content-Disposition': `attachment; filename="souk-${code.username}-qr.png"`,
        ...PRIVATE_NO_STORE,
      });
    });
}
