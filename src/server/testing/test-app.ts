import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp } from '../app';
import type { AppDeps } from '../app-deps';
import { createMailer } from '../lib/mail';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { readEnv } from '../lib/env';
import { createLogger } from '../lib/logger';
import { createMemoryRateLimitStore } from '../lib/rate-limit';
import { createMemoryRealtime } from '../lib/realtime';
import { createBackgroundWork } from '../lib/background';
import { fileSecrets, loadServerSecrets } from '../lib/secrets';
import { createCacheInvalidation } from '../lib/response-cache';
import { connectToBus, createPostgresBus } from '../lib/bus';
import { localStorageOf } from '../lib/storage';
import { featureFlags } from '../lib/feature-flags';
import { createPageViewCounter } from '../modules/performance/page-views';
import { createDatabaseRateLimitStore } from '../lib/shared-rate-limit';
import { untilNobodyOn } from './migrated-template';

export interface TestContext {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  handle: DatabaseHandle;
  dataDir: string;
  /** request helper with a same-origin Origin header by default; resolves once the request's background work is done */
  request(path: string, init?: RequestInit): Promise<Response>;
  /**
   * Another server process on the same database (scale-out tests): its own app, caches, data
   * folder and, on PostgreSQL, its own connection pool. Closed with the context that made it.
   */
  sibling(overrides?: TestOverrides): Promise<TestContext>;
  close(): Promise<void>;
}

type TestOverrides = Partial<AppDeps> & {
  envOverrides?: Record<string, string>;
  /**
   * What several processes share, as on PostgreSQL in production, on either database: the secrets
   * and the rate-limit counters in the database's tables.
   */
  scaleOut?: true;
};

export const TEST_ORIGIN = 'http://localhost';

/**
 * A fresh app on a fresh database: SQLite in a temp folder, or, when DATABASE_URL points at
 * PostgreSQL (as in CI), a new database of its own on that server, dropped on close. Either starts as a copy of the
 * database the suite's global setup migrated (migrated-template.ts) when there is one, else runs the migrations.
 */
export async function createTestContext(overrides: TestOverrides = {}): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souk-test-'));
  const databaseUrl = process.env.DATABASE_URL;
  const template = inject('migratedTemplate');
  let fromTemplate = false;
  let schema: string | undefined;
  let connectionUrl: string | undefined;
  if (databaseUrl?.startsWith('postgres')) {
    // A database of its own (not a schema): Kysely's migrator finds its lock table by name in
    // any schema, so two live test schemas in one database would see each other's tables.
    schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const copyOf = template && 'postgresDatabase' in template ? template.postgresDatabase : undefined;
    fromTemplate = copyOf !== undefined;
    await admin.query(`create database ${schema}${copyOf ? ` template ${copyOf}` : ''}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${schema}`;
    connectionUrl = url.toString();
  } else if (template && 'sqliteFile' in template) {
    fs.copyFileSync(template.sqliteFile, path.join(dataDir, 'souk.db'));
    fromTemplate = true;
  }
  // a copy of the migrated database has nothing left to migrate (nor the migrations' modules to load, per test file)
  const handle = await openDatabase({ databaseUrl: connectionUrl, dataDir, migrate: !fromTemplate });
  const siblings: TestContext[] = [];
  const ctx = await contextOn(handle, dataDir, connectionUrl, siblings, overrides, async () => {
    for (const sibling of siblings) await sibling.close();
    await handle.close();
    if (schema && databaseUrl) {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      // pg's pool.end() resolves before its sockets have closed: wait for them, so that FORCE
      // never kills a connection this process is still closing (an unhandled 57P01 error).
      await untilNobodyOn(admin, schema);
      await admin.query(`drop database if exists ${schema} with (force)`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return ctx;
}

async function contextOn(
  handle: DatabaseHandle,
  dataDir: string,
  connectionUrl: string | undefined,
  siblings: TestContext[],
  overrides: TestOverrides,
  close: () => Promise<void>,
): Promise<TestContext> {
  const env = readEnv({
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    LOG_LEVEL: 'silent',
    ...overrides.envOverrides,
  } as NodeJS.ProcessEnv);
  const logger = createLogger('silent');
  const instanceId = `test-${crypto.randomBytes(3).toString('hex')}`;
  const invalidation = createCacheInvalidation();
  // scale-out on PostgreSQL: this process's bus, as main.ts connects it
  const bus =
    overrides.scaleOut && connectionUrl ? await createPostgresBus({ connectionString: connectionUrl, instanceId, logger }) : undefined;
  const given: Omit<AppDeps, 'pageViews'> & Partial<AppDeps> = {
    db: handle.db,
    dialect: handle.dialect,
    env,
    logger,
    mail: createMailer({ dataDir, logger }),
    clock: () => new Date(),
    version: 'test',
    instanceId,
    rateLimitStore: createMemoryRateLimitStore(),
    realtime: createMemoryRealtime(),
    background: createBackgroundWork(logger),
    secrets: fileSecrets(env),
    invalidation,
    storage: localStorageOf(env),
    features: featureFlags(handle.db, env),
    ...(overrides.scaleOut && {
      rateLimitStore: createDatabaseRateLimitStore(handle.db),
      secrets: await loadServerSecrets({ db: handle.db, dialect: handle.dialect, env, store: 'database' }),
    }),
    ...(bus && { realtime: connectToBus(bus, invalidation, logger) }),
    ...overrides,
  };
  // the tests write what waits with `deps.pageViews.flush()` when they read the counts
  const deps: AppDeps = { ...given, pageViews: given.pageViews ?? createPageViewCounter(given) };
  const app = createApp(deps);
  return {
    app,
    deps,
    handle,
    dataDir,
    // Waits for what the request left running (a mail sent after the answer), so a test reads the outbox at once.
    request: async (p, init = {}) => {
      const headers = new Headers(init.headers);
      if (!headers.has('origin') && init.method && init.method !== 'GET') headers.set('origin', TEST_ORIGIN);
      const response = await app.request(`${TEST_ORIGIN}${p}`, { ...init, headers });
      await deps.background.settled();
      return response;
    },
    sibling: async (more = {}) => {
      const siblingDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souk-test-'));
      // SQLite: one connection per file (the data-folder lock); PostgreSQL: a pool of its own
      const own = connectionUrl ? await openDatabase({ databaseUrl: connectionUrl, dataDir: siblingDir, migrate: false }) : undefined;
      const sibling = await contextOn(own ?? handle, siblingDir, connectionUrl, siblings, more, async () => {
        await own?.close();
        fs.rmSync(siblingDir, { recursive: true, force: true });
      });
      siblings.push(sibling);
      return sibling;
    },
    close: async () => {
      await deps.pageViews.close();
      await bus?.close();
      await close();
    },
  };
}
