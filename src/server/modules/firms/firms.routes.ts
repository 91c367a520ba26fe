import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { firmFiltersSchema } from '../../../shared/firms';
import { notFound } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { PUBLIC_CACHE } from '../../lib/http-cache';
import { createFirmService } from './firms.service';

/** `/api/public/firms`: the firm list with filters, firm pages by username and their QR codes. */
export function firmRoutes({ db, clock, env }: AppDeps) {
  const firms = createFirmService(db, clock, env.publicUrl);
  const qr = async (username: string, format: 'svg' | 'png') => {
    const code = await firms.qrCode(username, format);
    if (!code) throw notFound('Firm not found.');
    return code;
  };
  return new Hono<AppEnv>()
    .get('/', validate('query', firmFiltersSchema), async (c) => c.json(await firms.list(c.req.valid('query')), 200, PUBLIC_CACHE))
    .get('/u/:username/qr.svg', async (c) => {
      const code = await qr(c.req.param('username'), 'svg');
      return c.body(code.body as string, 200, {
        'Content-Type': 'image/svg+xml',
        'Content-Disposition': `inline; filename="souk-${code.username}-qr.svg"`,
        'Cache-Control': 'public, max-age=3600',
      });
    })
    .get('/u/:username/qr.png', async (c) => {
      const code = await qr(c.req.param('username'), 'png');
      return c.body(new Uint8Array(code.body as Buffer), 200, {
        'Content-Type': 'image/png',
        'Content-Disposition': `inline; filename="souk-${code.username}-qr.png"`,
        'Cache-Control': 'public, max-age=3600',
      });
    })
    .get('/u/:username', async (c) => {
      const firm = await firms.byUsername(c.req.param('username'));
      if (!firm) throw notFound('Firm not found.');
      return c.json(firm, 200, PUBLIC_CACHE);
    });
}
