import { z } from 'zod';

/** `GET /api/health`: `ok`, or `degraded` (with a 503) when the database does not answer. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  /** `sqlite:ok`, `postgres:down`, … */
  db: z.string(),
  version: z.string(),
  /** which server process answered (INSTANCE_ID, else host and process): several may run behind a load balancer */
  instance: z.string(),
});
