import { z } from 'zod';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { parseTrustProxy, type TrustProxy } from './client-address';
import type { SigningKey } from './tokens';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  /** `large`: the demo and a hundred times more around it, to measure at size (db/seed/large.ts) */
  SEED: z.enum(['demo', 'large', 'none']).default('demo'),
  /** the large seed's size: 1 is a hundred times the demo, 0.1 ten times */
  SEED_SCALE: z.coerce.number().min(0.001).max(10).default(1),
  FEATURES_OFF: z.string().default(''),
  /** the operator's area (/fladmin, /api/admin): absent unless `on`, so a production deployment has none by default */
  ADMIN_AREA: z.enum(['on', 'off']).default('off'),
  /** comma list of the emails of platform admins (besides those `npm run admins -- add` named); never by signup */
  ADMIN_EMAILS: z.string().default(''),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
  GOOGLE_JWKS_URL: z.string().default('https://www.googleapis.com/oauth2/v3/certs'),
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** the sandbox provider's webhook signing secret; default: generated once into DATA_DIR/secrets */
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** reverse proxies whose X-Forwarded-For names the client: a hop count or a CIDR list (README) */
  TRUST_PROXY: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
    }),
  /**
   * access-token signing keys, `kid:base64,kid:base64` (each at least 32 bytes): the first signs,
   * all verify. Default: generated once (DATA_DIR; the database on PostgreSQL). lib/secrets.ts
   */
  TOKEN_KEYS: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      const parsed = value === undefined ? [] : parseTokenKeys(value);
      if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
    }),
  /** web push's VAPID pair (both or neither); default: generated once like the token keys */
  VAPID_PUBLIC_KEY: z.string().min(40).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  /** comma list of origins besides the browsers' push services that web push may post to (a self-hosted push service, tests) */
  PUSH_ENDPOINT_ORIGINS: z.string().default(''),
  /** how long a pending order holds its seats or stock before they go back on sale */
  ORDER_HOLD_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** how long a process holds a durable job it runs before another may take it over (lib/jobs) */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** how often payments left pending are settled with the provider (lib/payments/reconcile.ts) */
  PAYMENT_RECONCILE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * Tests only (the crash harness, tests/crash): `1` keeps sandbox webhooks in memory and runs no
   * reconciliation, as before payments were durable, so that the harness proves it sees the loss.
   */
  UNSAFE_VOLATILE_PAYMENTS: z.enum(['0', '1']).default('0'),
  /** where image renditions are kept: `local` (MEDIA_DIR, else DATA_DIR/media) or `s3` (S3_*) — lib/storage.ts */
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  MEDIA_DIR: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  /** a self-hosted store's URL (MinIO, Garage, …); unset: AWS */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** `true`: the bucket in the path (default when S3_ENDPOINT is set) */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_PREFIX: z.string().default(''),
  /** `1`: media GETs answer a redirect to the object store's address (MEDIA_STORAGE=s3 with public-read objects) instead of the bytes */
  MEDIA_REDIRECT: z.enum(['0', '1']).default('0'),
  /** the public address of the bucket's objects for MEDIA_REDIRECT (a CDN in front of it); default: S3_ENDPOINT/S3_BUCKET/, or AWS's */
  MEDIA_PUBLIC_URL: z.string().url().optional(),
  /** this process's name in health answers and logs (default: host-pid-random) */
  INSTANCE_ID: z
    .string()
    .regex(/^[\w.:-]{1,64}$/)
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** another build of the client to serve (tests and parallel work use their own); default: dist/client */
  CLIENT_DIR: z.string().optional(),
  /** the server renderer of that build; default: the `ssr` folder next to the client's */
  SSR_DIR: z.string().optional(),
  /** worker threads that render the public pages (lib/ssr.ts); default 1 where there is a second core, else 0 */
  RENDER_WORKERS: z.coerce.number().int().min(0).max(16).optional(),
  /** live streams (lib/stream-limits.ts): per account (a new one closes the oldest), per address, in all */
  LIVE_STREAMS_PER_ACCOUNT: z.coerce.number().int().min(1).max(100).default(5),
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(100),
  /** default: half of the process's open-files limit */
  LIVE_STREAMS_MAX: z.coerce.number().int().min(1).optional(),
});

export type Env = z.infer<typeof envSchema> & { dataDir: string; publicUrl: string; trustProxy: TrustProxy };

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const port = env.PORT;
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    trustProxy: parseTrustProxy(env.TRUST_PROXY) as TrustProxy,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
  };
}

/** `TOKEN_KEYS=kid1:base64,kid2:base64`: the first signs, all verify (README, operator's guide). */
export function parseTokenKeys(value: string): SigningKey[] | { error: string } {
  const keys: SigningKey[] = [];
  const parts = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const [index, part] of parts.entries()) {
    const at = part.indexOf(':');
    const kid = part.slice(0, at);
    const secret = Buffer.from(part.slice(at + 1), 'base64');
    if (at < 1 || !/^[A-Za-z0-9_-]{1,32}$/.test(kid)) return { error: `entry ${index + 1} is not kid:base64-secret` };
    if (secret.length < 32) return { error: `the key ${kid} is shorter than 32 bytes` };
    keys.push({ kid, secret: new Uint8Array(secret) });
  }
  if (!keys.length) return { error: 'no key given' };
  return keys;
}

/** This process's name among several (health, the bus): INSTANCE_ID, else host-pid-random. */
export function instanceIdOf(env: Pick<Env, 'INSTANCE_ID'>): string {
  return env.INSTANCE_ID ?? `${os.hostname()}-${process.pid}-${crypto.randomBytes(2).toString('hex')}`;
}
