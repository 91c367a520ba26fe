import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { firmDetailSchema, firmFiltersSchema, firmPageSchema } from '../../../shared/firms';
import { notFound } from '../../lib/errors';
import { PUBLIC_CACHE } from '../../lib/http-cache';
import { viewerOf } from '../../lib/auth-context';
import { createRoute, createRouter, json, media, problems } from '../../lib/openapi';
import { createFirmService } from './firms.service';

const tags = ['Firms'];
const byUsername = z.object({ username: z.string() });

const list = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Firms, filtered and paged',
  request: { query: firmFiltersSchema },
  responses: { 200: json(firmPageSchema, 'A page of firm cards.', 'FirmPage'), ...problems(400) },
});
const qrSvg = createRoute({
  method: 'get',
  path: '/u/{username}/qr.svg',
  tags,
  summary: "QR code of a firm's page (SVG)",
  request: { params: byUsername },
  responses: { 200: media('image/svg+xml', 'The QR code.', 'text'), ...problems(404) },
});
const qrPng = createRoute({
  method: 'get',
  path: '/u/{username}/qr.png',
  tags,
  summary: "QR code of a firm's page (PNG)",
  request: { params: byUsername },
  responses: { 200: media('image/png', 'The QR code.'), ...problems(404) },
});
const page = createRoute({
  method: 'get',
  path: '/u/{username}',
  tags,
  summary: 'A firm page by username (case-insensitive)',
  request: { params: byUsername },
  responses: { 200: json(firmDetailSchema, 'The firm.', 'FirmDetail'), ...problems(404) },
});

/** `/api/public/firms`: the firm list with filters, firm pages by username and their QR codes. */
export function firmRoutes({ db, dialect, clock, env }: AppDeps) {
  const firms = createFirmService(db, dialect, clock, env.publicUrl);
  const qr = async (username: string, format: 'svg' | 'png') => {
    const code = await firms.qrCode(username, format);
    if (!code) throw notFound('Firm not found.');
    return code;
  };
  return createRouter()
    .openapi(list, async (c) => c.json(await firms.list(c.req.valid('query')), 200, PUBLIC_CACHE))
    .openapi(qrSvg, async (c) => {
      const code = await qr(c.req.valid('param').username, 'svg');
      return c.body(code.body as string, 200, {
        'Content-Type': 'image/svg+xml',
        'Content-Disposition': `inline; filename="souk-${code.username}-qr.svg"`,
        'Cache-Control': 'public, max-age=3600',
      });
    })
    .openapi(qrPng, async (c) => {
      const code = await qr(c.req.valid('param').username, 'png');
      return c.body(new Uint8Array(code.body as Buffer), 200, {
        'Content-Type': 'image/png',
        'Content-Disposition': `inline; filename="souk-${code.username}-qr.png"`,
        'Cache-Control': 'public, max-age=3600',
      });
    })
    .openapi(page, async (c) => {
      const firm = await firms.byUsername(c.req.valid('param').username, await viewerOf(c));
      if (!firm) throw notFound('Firm not found.');
      return c.json(firm, 200, PUBLIC_CACHE);
    });
}
