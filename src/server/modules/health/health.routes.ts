import type { AppDeps } from '../../app-deps';
import { healthSchema } from '../../../shared/health';
import { createRoute, createRouter, json, problems } from '../../lib/openapi';
import { databaseAnswers } from './health.service';

const health = createRoute({
  method: 'get',
  path: '/',
  tags: ['Health'],
  summary: 'Whether the server and its database answer',
  responses: {
    200: json(healthSchema, 'Up.', 'Health'),
    503: json(healthSchema, 'The database does not answer.', 'Health'),
    ...problems(),
  },
});

/** `GET /api/health`: `{status, db, version, instance}`. */
export function healthRoutes({ db, dialect, version, instanceId }: AppDeps) {
  return createRouter().openapi(health, async (c) => {
    const dbStatus = (await databaseAnswers(db)) ? 'ok' : 'down';
    c.header('Cache-Control', 'no-store');
    const body = { db: `${dialect}:${dbStatus}`, version, instance: instanceId };
    return dbStatus === 'ok' ? c.json({ status: 'ok' as const, ...body }, 200) : c.json({ status: 'degraded' as const, ...body }, 503);
  });
}
