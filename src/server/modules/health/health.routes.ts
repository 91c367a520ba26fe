import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';

export function healthRoutes({ db, dialect, version }: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    let dbStatus = 'ok';
    try {
      await sql`select 1`.execute(db);
    } catch {
      dbStatus = 'down';
    }
    c.header('Cache-Control', 'no-store');
    return c.json({ status: dbStatus === 'ok' ? 'ok' : 'degraded', db: `${dialect}:${dbStatus}`, version }, dbStatus === 'ok' ? 200 : 503);
  });
}
