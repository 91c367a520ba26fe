import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import type { Dialect } from './db/connection';
import type { Env } from './lib/env';
import type { Logger } from './lib/logger';

/** What every module may use. Tests build it with a fresh database and a fixed clock. */
export interface AppDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  env: Env;
  logger: Logger;
  clock: () => Date;
  /** folder of the built client (index.html, assets); absent in API-only tests */
  clientDir?: string;
  version: string;
}
