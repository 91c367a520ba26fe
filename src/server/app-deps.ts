import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import type { Dialect } from './db/connection';
import type { Env } from './lib/env';
import type { Logger } from './lib/logger';
import type { BackgroundWork } from './lib/background';
import type { Mailer } from './lib/mail';
import type { PaymentProvider } from './lib/payments/provider';
import type { RateLimitStore } from './lib/rate-limit';
import type { Realtime } from './lib/realtime';
import type { ServerSecrets } from './lib/secrets';
import type { MediaStorage } from './lib/storage';
import type { CacheInvalidation } from './lib/response-cache';
import type { FeatureFlags } from './lib/feature-flags';
import type { PageViewCounter } from './modules/performance/page-views';

/** What every module may use. Tests build it with a fresh database and a fixed clock. */
export interface AppDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  env: Env;
  logger: Logger;
  clock: () => Date;
  /** folder of the built client (index.html, assets); absent in API-only tests */
  clientDir?: string;
  /**
   * Server rendering of the public pages (src/client/entry-server.tsx, built to dist/ssr): HTML for
   * a navigation, or null when the path is not server-rendered. `nonce` goes on its inline scripts.
   */
  render?: (
    request: Request,
    nonce: string,
    /** head-first: the page's status and start, before the body is rendered (lib/head-first.ts); awaited */
    onHead?: (head: { status: number; html: string }) => Promise<void> | void,
  ) => Promise<{ status: number; html: string } | null>;
  version: string;
  /** this process among several behind a load balancer (health, logs): INSTANCE_ID, else host-pid-random */
  instanceId: string;
  /**
   * Outgoing mail, rendered from templates in the recipient's language (src/server/lib/mail.ts);
   * SMTP when SMTP_URL is set, else .eml files in DATA_DIR/outbox.
   */
  mail: Mailer;
  /** the payment provider; by default the one PAYMENT_PROVIDER names (src/server/lib/payments) */
  paymentProvider?: PaymentProvider;
  /** work done after the answer has gone (lib/background.ts) */
  background: BackgroundWork;
  /**
   * Token signing keys (with key ids), VAPID keys, webhook secrets: the same on every process
   * (lib/secrets.ts: environment, else the database on PostgreSQL, else files in DATA_DIR).
   */
  secrets: ServerSecrets;
  /**
   * Empties the public caches on a write, here and (through the bus) on every process: register a
   * cache of public answers with `invalidation.register(clear)` (lib/response-cache.ts)
   */
  invalidation: CacheInvalidation;
  /** where image renditions are kept (lib/storage.ts): DATA_DIR/media, MEDIA_DIR or an S3-compatible store */
  storage: MediaStorage;
  /** where every rate limit counts (lib/rate-limit.ts): memory in this one process */
  rateLimitStore: RateLimitStore;
  /** live events to open pages (src/server/lib/realtime.ts): in-process unless given */
  realtime: Realtime;
  /** the feature flags as they stand now (lib/feature-flags.ts): FEATURES_OFF, then admins' switches */
  features: FeatureFlags;
  /**
   * Page views gathered in memory and written in batches (modules/performance/page-views.ts); the
   * process writes what waits with `close()` when it stops
   */
  pageViews: PageViewCounter;
  /**
   * Tests only (orders.concurrency.test.ts): checkout reads what is left and then writes, without
   * its conditional UPDATE, so the concurrency harness proves it would catch an oversell.
   */
  unsafeWithoutCapacityGuard?: true;
}

/** What createApp is given: everything but the mailer, the realtime hub, the background work and the secrets, which it makes when absent. */
export type AppOptions = Omit<
  AppDeps,
  'mail' | 'realtime' | 'background' | 'secrets' | 'instanceId' | 'invalidation' | 'storage' | 'features' | 'pageViews'
> & {
  /** default: a counter of this app's own, its waiting views written by the timer (main.ts closes its own on shutdown) */
  pageViews?: PageViewCounter;
  /** default: FEATURES_OFF and the switches in the database */
  features?: FeatureFlags;
  /** default: the local folder (MEDIA_DIR, else DATA_DIR/media) */
  storage?: MediaStorage;
  /** default: this process's own (no other process told) */
  invalidation?: CacheInvalidation;
  /** default: INSTANCE_ID, else host-pid-random */
  instanceId?: string;
  /** default: the embedded process's (files in DATA_DIR, or the environment's) */
  secrets?: ServerSecrets;
  mail?: Mailer;
  realtime?: Realtime;
  background?: BackgroundWork;
};
