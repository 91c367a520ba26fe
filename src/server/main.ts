import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { openDatabase, withStartupLock, DataDirInUseError } from './db/connection';
import { seedIfEmpty, DEMO_LOGINS } from './db/seed';
import { instanceIdOf, readEnv } from './lib/env';
import { connectToBus, createPostgresBus } from './lib/bus';
import { createCacheInvalidation } from './lib/response-cache';
import { storageFromEnv } from './lib/storage';
import { createLogger } from './lib/logger';
import { loadServerRenderer } from './lib/ssr';
import { rateLimitStoreFor } from './lib/shared-rate-limit';
import { startBanner } from './lib/start-banner';
import { createBackgroundWork } from './lib/background';
import { loadServerSecrets } from './lib/secrets';
import { startHoldSweeper } from './modules/orders/hold-expiry';
import { createPostgresLeadership, soleLeadership } from './lib/leader';
import { startAccountPurger } from './modules/account/account.purge';
import { startPaymentReconciler } from './modules/orders/payment-reconciler';
import { jobsOf } from './lib/jobs';
import { createPageViewCounter } from './modules/performance/page-views';

declare const __APP_VERSION__: string | undefined;

/** How often each process looks for due jobs (a job enqueued here also runs at once). */
const JOBS_POLL_MS = 1000;

async function main() {
  // Whatever this process writes (database, mail, media, secrets) is for its own user only:
  // files 0600, folders 0700 (the modules set them too; this covers what they do not name).
  process.umask(0o077);
  const env = readEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const here = path.dirname(fileURLToPath(import.meta.url));
  let handle;
  try {
    handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(`\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const clock = () => new Date();
  const storage = await storageFromEnv(env);
  // The same keys on every process: environment, else the database on PostgreSQL, else DATA_DIR.
  const secrets = await loadServerSecrets({ db: handle.db, dialect: handle.dialect, env, now: clock });
  const background = createBackgroundWork(logger);
  if (env.SEED !== 'none') {
    const scale = env.SEED === 'large' ? env.SEED_SCALE : undefined;
    // once, however many processes start together on one PostgreSQL
    const seeded = await withStartupLock(handle, () =>
      seedIfEmpty(handle.db, { dataDir: env.dataDir, now: clock(), logger, storage, scale, dialect: handle.dialect }),
    );
    if (seeded) logger.info('demo marketplace seeded');
  }
  // CLIENT_DIR / SSR_DIR: serve another build of the client (tests and parallel work use their own)
  const clientDir = env.CLIENT_DIR ? path.resolve(env.CLIENT_DIR) : path.resolve(here, '../client');
  // The SSR bundle must come from the same build as the client (CSS class names, chunk names):
  // by default the `ssr` folder next to the client's (dist/ssr for dist/client).
  const ssrDir = env.SSR_DIR ? path.resolve(env.SSR_DIR) : path.join(path.dirname(clientDir), 'ssr');
  // The renderer calls the API in-process through the app it is part of.
  let appFetch: (request: Request) => Response | Promise<Response> = () => new Response(null, { status: 503 });
  const render = await loadServerRenderer({
    ssrDir,
    clientDir,
    publicUrl: env.publicUrl,
    logger,
    fetchApi: (request) => appFetch(request),
    workers: env.RENDER_WORKERS,
  });
  // Several processes on one PostgreSQL: writes empty every process's public caches and realtime
  // events reach every process's open streams, over LISTEN/NOTIFY (lib/bus.ts).
  const instanceId = instanceIdOf(env);
  const invalidation = createCacheInvalidation();
  const bus =
    handle.dialect === 'postgres' && env.DATABASE_URL
      ? await createPostgresBus({ connectionString: env.DATABASE_URL, instanceId, logger })
      : undefined;
  const realtime = bus ? connectToBus(bus, invalidation, logger) : undefined;
  // views wait in memory a couple of seconds; shutdown writes them (decision 070)
  const pageViews = createPageViewCounter({ db: handle.db, clock, logger });
  const app = createApp({
    pageViews,
    instanceId,
    invalidation,
    realtime,
    storage,
    db: handle.db,
    dialect: handle.dialect,
    env,
    logger,
    clock,
    clientDir,
    render,
    version: typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev',
    // memory for the one embedded process; the shared table on PostgreSQL (any number of processes)
    rateLimitStore: rateLimitStoreFor(handle.db, handle.dialect),
    secrets,
    background,
  });
  appFetch = (request) => app.fetch(request);
  // Background jobs run on one process of a deployment: the holder of the job's advisory lock on
  // PostgreSQL (another takes over when it stops), always this one on the embedded SQLite.
  const leadership =
    handle.dialect === 'postgres' && env.DATABASE_URL
      ? createPostgresLeadership({ connectionString: env.DATABASE_URL, logger })
      : soleLeadership;
  // Pending orders whose hold has ended give their seats and stock back.
  const stopSweeper = startHoldSweeper({ db: handle.db, dialect: handle.dialect, clock, logger, env }, leadership);
  // Accounts whose deletion grace period is over go.
  const stopPurger = startAccountPurger({
    db: handle.db,
    clock,
    storage,
    logger,
    leadership,
    mailOutboxDir: env.SMTP_URL ? undefined : env.dataDir,
  });
  // Durable jobs (webhook deliveries, refunds, mail): every process polls, each job runs on one.
  const jobs = jobsOf({ db: handle.db, dialect: handle.dialect, clock, logger, env });
  const stopJobs = jobs.start(JOBS_POLL_MS);
  // Payments whose webhook never came are settled with the provider (not in the crash harness's control run).
  const stopReconciler =
    env.UNSAFE_VOLATILE_PAYMENTS === '1'
      ? () => {}
      : startPaymentReconciler({ db: handle.db, dialect: handle.dialect, clock, logger, env, secrets }, leadership);
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    console.log(startBanner({ env, port: info.port, dialect: handle.dialect, demoLogins: DEMO_LOGINS }));
  });
  const shutdown = () => {
    stopSweeper();
    stopPurger();
    stopJobs();
    stopReconciler();
    server.close();
    void Promise.all([background.settled(), jobs.settled()])
      .then(() => pageViews.close())
      .then(() => bus?.close())
      .then(() => leadership.close())
      .then(() => handle.close())
      .then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
