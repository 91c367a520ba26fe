// The key commands of `npm run keys` (src/server/keys.ts).
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Env } from './env';
import { KEY_RELOAD_MS, listTokenKeys, retireTokenKeys, rotateTokenKey } from './secrets';
import { ACCESS_TOKEN_TTL_S } from './tokens';

/**
 * How long a replaced key may still be needed: a process may sign with it until its next reload of
 * the keys, and what it signed lives one token lifetime. After that no live token names it.
 */
export const KEY_RETIRE_AFTER_MS = KEY_RELOAD_MS + ACCESS_TOKEN_TTL_S * 1000;

const USAGE = `Usage: npm run keys -- <command>
  list     the signing keys (ids and dates; the first signs new tokens)
  rotate   add a new signing key, then retire the keys replaced more than ${KEY_RETIRE_AFTER_MS / 60_000} minutes ago
  retire   only retire the keys replaced more than ${KEY_RETIRE_AFTER_MS / 60_000} minutes ago
  new      print a new TOKEN_KEYS entry (kid:base64 secret) for keys given by the environment`;

export interface KeysCommandDeps {
  env: Env;
  /** the deployment's database; opened only for the commands that need it */
  openDb: () => Promise<{ db: Kysely<Database>; dialect: string; close: () => Promise<void> }>;
  now: () => Date;
  out: (line: string) => void;
}

/** Runs one command; answers the exit status (0 done, 2 wrong use or not possible here). */
export async function runKeysCommand(args: string[], deps: KeysCommandDeps): Promise<number> {
  const { env, out } = deps;
  const command = args[0];
  if (command === 'new') {
    const kid = `k${deps.now().getTime().toString(36)}${crypto.randomBytes(3).toString('hex')}`;
    out(`${kid}:${crypto.randomBytes(64).toString('base64')}`);
    out('Put it first in TOKEN_KEYS (it signs), keep the old entries after it, restart every instance; drop an old entry');
    out(`once it has not signed for ${KEY_RETIRE_AFTER_MS / 60_000} minutes.`);
    return 0;
  }
  if (command !== 'list' && command !== 'rotate' && command !== 'retire') {
    out(USAGE);
    return 2;
  }
  if (env.TOKEN_KEYS) {
    out('The signing keys come from TOKEN_KEYS here: change that variable (`npm run keys -- new` prints a new entry).');
    return 2;
  }
  if (!env.DATABASE_URL?.startsWith('postgres')) {
    out(
      `The embedded server keeps its signing key in ${env.dataDir}/secrets; rotation is for deployments on PostgreSQL ` +
        '(DATABASE_URL) or with TOKEN_KEYS.',
    );
    return 2;
  }
  const handle = await deps.openDb();
  try {
    if (command === 'rotate') out(`added ${await rotateTokenKey(handle.db, deps.now())}: it signs new tokens within a minute`);
    if (command !== 'list') {
      const retired = await retireTokenKeys(handle.db, new Date(deps.now().getTime() - KEY_RETIRE_AFTER_MS));
      out(retired.length ? `retired ${retired.join(', ')}` : 'no key to retire');
    }
    for (const key of await listTokenKeys(handle.db)) out(`${key.current ? '* ' : '  '}${key.kid}  ${key.createdAt}`);
    return 0;
  } finally {
    await handle.close();
  }
}
