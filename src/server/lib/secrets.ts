import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Dialect } from '../db/connection';
import { parseTokenKeys, type Env } from './env';
import type { SigningKey, TokenKeys } from './tokens';

/**
 * The server's secrets, the same on every process of one deployment:
 *
 * - the access-token signing keys, each with a key id (`kid` in the token's header): the newest
 *   signs, every one verifies, so a new key can be added (rotation) without signing anyone out;
 *   a token from before key ids (no `kid`) is tried against every key;
 * - the refresh-successor key (derives a rotated refresh token's one successor; never rotated);
 * - the VAPID key pair of web push; the sandbox payment provider's webhook secret.
 *
 * Where they come from, in order: the environment (`TOKEN_KEYS`, `VAPID_PUBLIC_KEY` +
 * `VAPID_PRIVATE_KEY`, `SANDBOX_WEBHOOK_SECRET`); with PostgreSQL (several processes), the
 * `server_secrets` table, where the first process creates each one (INSERT … ON CONFLICT DO
 * NOTHING, then everyone reads the row that won); otherwise (the embedded SQLite process) files in
 * `DATA_DIR/secrets`, exactly as before key ids existed, so a data folder keeps its sessions.
 * A PostgreSQL deployment that started with files brings its file secrets into the table, so its
 * sessions and push subscriptions survive the upgrade too.
 */
/**
 * A secret generated once and kept in `${DATA_DIR}/secrets/` (mode 0600), so tokens survive
 * restarts and no secret has to be configured: the embedded process's keys (lib/secrets.ts).
 */
export function loadOrCreateSecret(dataDir: string, name = 'access-token.key'): Uint8Array {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  try {
    const existing = fs.readFileSync(file);
    if (existing.length >= 32) return new Uint8Array(existing);
  } catch {
    // not there yet
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = crypto.randomBytes(64);
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return new Uint8Array(secret);
  } catch {
    // another process wrote it first
    return new Uint8Array(fs.readFileSync(file));
  }
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface ServerSecrets {
  tokenKeys: TokenKeys;
  refreshKey: Uint8Array;
  vapid: VapidKeys;
  sandboxWebhookSecret: string;
}

/** The first key's id: a fixed name, so processes starting together create one key, not several. */
const FIRST_KID = 'k1';
const TOKEN_KEY_PREFIX = 'token-key:';

/** A key id for a file's key: stable, and says nothing about the key. */
function fileKid(secret: Uint8Array): string {
  return `f${crypto.createHash('sha256').update(secret).digest('hex').slice(0, 10)}`;
}

function keyRing(keys: SigningKey[], reload?: () => Promise<boolean>): TokenKeys {
  const byId = new Map(keys.map((key) => [key.kid, key.secret]));
  return {
    current: keys[0]!,
    candidates: (kid) => (kid === undefined ? [...byId.values()] : byId.has(kid) ? [byId.get(kid)!] : []),
    reload,
  };
}

function readFileOr(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The VAPID pair in `DATA_DIR/secrets/vapid.json`, generated once. */
function loadOrCreateVapidFile(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'secrets', 'vapid.json');
  const parse = (text: string | undefined) => {
    try {
      const keys = JSON.parse(text ?? '') as Partial<VapidKeys>;
      return keys.publicKey && keys.privateKey ? { publicKey: keys.publicKey, privateKey: keys.privateKey } : undefined;
    } catch {
      return undefined;
    }
  };
  const existing = parse(readFileOr(file));
  if (existing) return existing;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const keys = webpush.generateVAPIDKeys();
  try {
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    return keys;
  } catch {
    // another process wrote it first
    return parse(readFileOr(file)) ?? keys;
  }
}

function envVapid(env: Env): VapidKeys | undefined {
  return env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : undefined;
}

function envTokenKeys(env: Env) {
  return env.TOKEN_KEYS ? (parseTokenKeys(env.TOKEN_KEYS) as SigningKey[]) : undefined;
}

/** The embedded process's secrets: files in DATA_DIR (as before), unless the environment gives them. */
export function fileSecrets(env: Env): ServerSecrets {
  const fileKey = loadOrCreateSecret(env.dataDir);
  return {
    tokenKeys: keyRing(envTokenKeys(env) ?? [{ kid: fileKid(fileKey), secret: fileKey }]),
    refreshKey: fileKey,
    vapid: envVapid(env) ?? loadOrCreateVapidFile(env.dataDir),
    sandboxWebhookSecret: env.SANDBOX_WEBHOOK_SECRET ?? Buffer.from(loadOrCreateSecret(env.dataDir, 'sandbox-webhook.key')).toString('hex'),
  };
}

/** The secret named `name`: the row that is there, or `create()`'s value inserted by whoever comes first. */
async function sharedSecret(db: Kysely<Database>, name: string, create: () => string, now: Date): Promise<string> {
  const found = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  if (found) return found.value;
  await db
    .insertInto('server_secrets')
    .values({ name, value: create(), created_at: now.toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

/** The signing keys' rows, newest (the one that signs) first. */
function tokenKeyRows(db: Kysely<Database>) {
  return db
    .selectFrom('server_secrets')
    .select(['name', 'value', 'created_at'])
    .where('name', 'like', `${TOKEN_KEY_PREFIX}%`)
    .orderBy('created_at', 'desc')
    .orderBy('name', 'desc')
    .execute();
}

/** The signing keys in the table, newest first. */
async function tableTokenKeys(db: Kysely<Database>) {
  const rows = await tokenKeyRows(db);
  return rows.map((row) => ({ kid: row.name.slice(TOKEN_KEY_PREFIX.length), secret: new Uint8Array(Buffer.from(row.value, 'base64')) }));
}

/** How often a process reads the signing keys again (so a rotation signs everywhere within this). */
export const KEY_RELOAD_MS = 60_000;

export interface TokenKeyInfo {
  kid: string;
  createdAt: string;
  /** signs new tokens (the newest) */
  current: boolean;
}

/** The signing keys in the table, newest (the one that signs) first: ids and dates, never the keys. */
export async function listTokenKeys(db: Kysely<Database>): Promise<TokenKeyInfo[]> {
  const rows = await tokenKeyRows(db);
  return rows.map((row, i) => ({ kid: row.name.slice(TOKEN_KEY_PREFIX.length), createdAt: row.created_at, current: i === 0 }));
}

/**
 * Removes the keys that were replaced (by the next newer key) before `cutoff`: the caller's cutoff
 * is one token lifetime plus `KEY_RELOAD_MS` ago (lib/keys-command.ts), when every token they signed
 * has expired. The newest key is never removed. Answers the removed ids.
 */
export async function retireTokenKeys(db: Kysely<Database>, cutoffDate: Date): Promise<string[]> {
  const keys = await listTokenKeys(db);
  const cutoff = cutoffDate.getTime();
  const retired = keys.filter((_, i) => i > 0 && Date.parse(keys[i - 1]!.createdAt) < cutoff).map((key) => key.kid);
  if (retired.length) {
    await db
      .deleteFrom('server_secrets')
      .where(
        'name',
        'in',
        retired.map((kid) => `${TOKEN_KEY_PREFIX}${kid}`),
      )
      .execute();
  }
  return retired;
}

/**
 * Adds a new signing key, which signs from now on (each process picks it up on its next reload,
 * at most `KEY_RELOAD_MS` later, or at once when it meets a token signed with it); the old keys keep
 * verifying until removed. Answers the new key id.
 */
export async function rotateTokenKey(db: Kysely<Database>, now: Date): Promise<string> {
  const kid = `k${now.getTime().toString(36)}${crypto.randomBytes(3).toString('hex')}`;
  await db
    .insertInto('server_secrets')
    .values({ name: `${TOKEN_KEY_PREFIX}${kid}`, value: crypto.randomBytes(64).toString('base64'), created_at: now.toISOString() })
    .execute();
  return kid;
}

/** Unknown key ids trigger a read at most this often (a flood of forged kids costs one query per period). */
const RELOAD_ON_UNKNOWN_MS = 5_000;

interface LoadOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  env: Env;
  now?: () => Date;
  /** where generated secrets live; default: the database on PostgreSQL, DATA_DIR on SQLite */
  store?: 'database' | 'files';
  /** tests: how often an unknown key id may make the keys be read again */
  reloadOnUnknownMs?: number;
}

/** The secrets of a process on PostgreSQL: shared through `server_secrets` (see above). */
async function tableSecrets(options: LoadOptions): Promise<ServerSecrets> {
  const { db, env } = options;
  const now = options.now ?? (() => new Date());
  const reloadOnUnknownMs = options.reloadOnUnknownMs ?? RELOAD_ON_UNKNOWN_MS;
  // A deployment that ran on PostgreSQL with file secrets brings them along (first process wins).
  const secretsDir = path.join(env.dataDir, 'secrets');
  const fileValue = (name: string, encoding: 'base64' | 'hex') => {
    try {
      const bytes = fs.readFileSync(path.join(secretsDir, name));
      return bytes.length >= 32 ? bytes.toString(encoding) : undefined;
    } catch {
      return undefined;
    }
  };
  const random = () => crypto.randomBytes(64).toString('base64');
  const fromFile = fileValue('access-token.key', 'base64');
  const refreshKey = await sharedSecret(db, 'refresh-key', () => fromFile ?? random(), now());
  const fromEnv = envTokenKeys(env);
  let tokenKeys: TokenKeys;
  if (fromEnv) {
    tokenKeys = keyRing(fromEnv);
  } else {
    // the first key, unless there are keys already (after a rotation k1 may be retired: never again)
    let keys = await tableTokenKeys(db);
    if (!keys.length) {
      await sharedSecret(db, `${TOKEN_KEY_PREFIX}${FIRST_KID}`, () => fromFile ?? random(), now());
      keys = await tableTokenKeys(db);
    }
    let lastRead = Date.now();
    let ring = keyRing(keys);
    const reload = async () => {
      lastRead = Date.now();
      const fresh = await tableTokenKeys(db);
      const changed = fresh.map((key) => key.kid).join() !== keys.map((key) => key.kid).join();
      if (changed) {
        keys = fresh;
        ring = keyRing(keys);
      }
      return changed;
    };
    tokenKeys = {
      get current() {
        if (Date.now() - lastRead > KEY_RELOAD_MS) void reload().catch(() => {});
        return ring.current;
      },
      candidates: (kid) => ring.candidates(kid),
      reload: async () => (Date.now() - lastRead < reloadOnUnknownMs ? false : reload()),
    };
  }
  const vapid =
    envVapid(env) ??
    (JSON.parse(
      await sharedSecret(
        db,
        'vapid',
        () => readFileOr(path.join(secretsDir, 'vapid.json')) ?? JSON.stringify(webpush.generateVAPIDKeys()),
        now(),
      ),
    ) as VapidKeys);
  const sandboxWebhookSecret =
    env.SANDBOX_WEBHOOK_SECRET ??
    (await sharedSecret(
      db,
      'sandbox-webhook',
      () => fileValue('sandbox-webhook.key', 'hex') ?? crypto.randomBytes(64).toString('hex'),
      now(),
    ));
  return { tokenKeys, refreshKey: new Uint8Array(Buffer.from(refreshKey, 'base64')), vapid, sandboxWebhookSecret };
}

/** This process's secrets: from the table on PostgreSQL, from DATA_DIR on the embedded SQLite. */
export async function loadServerSecrets(options: LoadOptions): Promise<ServerSecrets> {
  const store = options.store ?? (options.dialect === 'postgres' ? 'database' : 'files');
  return store === 'files' ? fileSecrets(options.env) : tableSecrets(options);
}
