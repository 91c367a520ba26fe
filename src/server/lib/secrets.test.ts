import path from 'node:path';
import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app';
import { readEnv } from './env';
import { fileSecrets, listTokenKeys, loadOrCreateSecret, loadServerSecrets, retireTokenKeys, rotateTokenKey } from './secrets';
import { KEY_RETIRE_AFTER_MS, runKeysCommand } from './keys-command';
import { signAccessToken, verifyAccessToken } from './tokens';

const claims = { userId: 'u1', sessionId: 's1' };
const now = () => new Date();

/** A token as the server signed them before key ids: HS256 with the data folder's key, no `kid`. */
function legacyToken(secret: Uint8Array) {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer('souk')
    .setAudience('souk-api')
    .setIssuedAt(iat)
    .setExpirationTime(iat + 900)
    .sign(secret);
}

describe('server secrets', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('embedded: keeps the data folder’s key, so tokens signed before key ids still verify', async () => {
    const env = readEnv({ DATA_DIR: path.join(ctx.dataDir, 'embedded') } as NodeJS.ProcessEnv);
    const before = await legacyToken(loadOrCreateSecret(env.dataDir));
    const secrets = fileSecrets(env);
    expect(await verifyAccessToken(secrets.tokenKeys, before, now())).toEqual(claims);
    const token = await signAccessToken(secrets.tokenKeys, claims, now());
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid).toBe(secrets.tokenKeys.current.kid);
    // a restart reads the same keys
    expect(await verifyAccessToken(fileSecrets(env).tokenKeys, token, now())).toEqual(claims);
    expect(fileSecrets(env).vapid).toEqual(secrets.vapid);
  });

  it('shared: processes starting together create each secret once and all read the same', async () => {
    const env = readEnv({ DATA_DIR: path.join(ctx.dataDir, 'shared-a') } as NodeJS.ProcessEnv);
    const load = () => loadServerSecrets({ db: ctx.deps.db, dialect: ctx.deps.dialect, env, store: 'database' });
    const all = await Promise.all([load(), load(), load(), load()]);
    for (const secrets of all) {
      expect(secrets.tokenKeys.current.kid).toBe('k1');
      expect(Buffer.from(secrets.tokenKeys.current.secret)).toEqual(Buffer.from(all[0]!.tokenKeys.current.secret));
      expect(Buffer.from(secrets.refreshKey)).toEqual(Buffer.from(all[0]!.refreshKey));
      expect(secrets.vapid).toEqual(all[0]!.vapid);
      expect(secrets.sandboxWebhookSecret).toBe(all[0]!.sandboxWebhookSecret);
    }
    // a session made on one process is good on another
    const token = await signAccessToken(all[0]!.tokenKeys, claims, now());
    expect(await verifyAccessToken(all[3]!.tokenKeys, token, now())).toEqual(claims);
    const rows = await ctx.deps.db.selectFrom('server_secrets').select('name').orderBy('name').execute();
    expect(rows.map((row) => row.name)).toEqual(['refresh-key', 'sandbox-webhook', 'token-key:k1', 'vapid']);
  });

  it('rotates: a new key signs everywhere, tokens of the old one still verify, nobody is signed out', async () => {
    const env = readEnv({ DATA_DIR: path.join(ctx.dataDir, 'shared-b') } as NodeJS.ProcessEnv);
    const load = () => loadServerSecrets({ db: ctx.deps.db, dialect: ctx.deps.dialect, env, store: 'database', reloadOnUnknownMs: 0 });
    const a = await load();
    const old = await signAccessToken(a.tokenKeys, claims, now());
    const kid = await rotateTokenKey(ctx.deps.db, new Date(Date.now() + 1000));
    const b = await load();
    expect(b.tokenKeys.current.kid).toBe(kid);
    const fresh = await signAccessToken(b.tokenKeys, claims, now());
    expect(await verifyAccessToken(b.tokenKeys, old, now())).toEqual(claims);
    // a process that has not read the new key yet does when it meets it
    expect(a.tokenKeys.current.kid).toBe('k1');
    expect(await verifyAccessToken(a.tokenKeys, fresh, now())).toEqual(claims);
    expect(a.tokenKeys.current.kid).toBe(kid);
    // an unknown key id, a forged signature: refused
    const forged = await new SignJWT({ sid: 's1' })
      .setProtectedHeader({ alg: 'HS256', kid: 'nope' })
      .setSubject('u1')
      .setIssuer('souk')
      .setAudience('souk-api')
      .setExpirationTime('5m')
      .sign(crypto.randomBytes(64));
    expect(await verifyAccessToken(a.tokenKeys, forged, now())).toBeNull();
  });

  it('brings a PostgreSQL deployment’s file secrets into the table, so its sessions and push subscriptions survive the upgrade', async () => {
    const env = readEnv({ DATA_DIR: path.join(ctx.dataDir, 'upgrade') } as NodeJS.ProcessEnv);
    const files = fileSecrets(env);
    const before = await legacyToken(loadOrCreateSecret(env.dataDir));
    await ctx.deps.db.deleteFrom('server_secrets').execute();
    const secrets = await loadServerSecrets({ db: ctx.deps.db, dialect: ctx.deps.dialect, env, store: 'database' });
    expect(await verifyAccessToken(secrets.tokenKeys, before, now())).toEqual(claims);
    expect(secrets.vapid).toEqual(files.vapid);
    expect(secrets.sandboxWebhookSecret).toBe(files.sandboxWebhookSecret);
    expect(Buffer.from(secrets.refreshKey)).toEqual(Buffer.from(files.refreshKey));
  });

  it('takes the keys from TOKEN_KEYS when given: the first signs, all verify', async () => {
    const one = crypto.randomBytes(32).toString('base64');
    const two = crypto.randomBytes(32).toString('base64');
    const env = readEnv({ DATA_DIR: path.join(ctx.dataDir, 'env'), TOKEN_KEYS: `new:${two}, old:${one}` } as NodeJS.ProcessEnv);
    const secrets = await loadServerSecrets({ db: ctx.deps.db, dialect: ctx.deps.dialect, env });
    expect(secrets.tokenKeys.current.kid).toBe('new');
    const oldKeys = fileSecrets(readEnv({ DATA_DIR: path.join(ctx.dataDir, 'env'), TOKEN_KEYS: `old:${one}` } as NodeJS.ProcessEnv));
    const old = await signAccessToken(oldKeys.tokenKeys, claims, now());
    expect(await verifyAccessToken(secrets.tokenKeys, old, now())).toEqual(claims);
    expect(() => readEnv({ TOKEN_KEYS: 'k:c2hvcnQ=' } as NodeJS.ProcessEnv)).toThrow(/shorter than 32 bytes/);
  });
  it('npm run keys -- rotate: a new key signs new tokens, old tokens still verify, keys replaced longer ago than a token lives retire', async () => {
    const env = readEnv({ DATA_DIR: path.join(ctx.dataDir, 'keys'), DATABASE_URL: 'postgres://deployment/souk' } as NodeJS.ProcessEnv);
    const { db } = ctx.deps;
    await db.deleteFrom('server_secrets').execute();
    const load = () => loadServerSecrets({ db, dialect: ctx.deps.dialect, env, store: 'database', reloadOnUnknownMs: 0 });
    const t0 = Date.now();
    const first = await load();
    const k1Token = await signAccessToken(first.tokenKeys, claims, now());
    let clock = new Date(t0 + 1000);
    const lines: string[] = [];
    const keys = (...args: string[]) =>
      runKeysCommand(args, {
        env,
        openDb: async () => ({ db, dialect: ctx.deps.dialect, close: async () => {} }),
        now: () => clock,
        out: (line) => lines.push(line),
      });

    // rotate: the new key signs (in a process that reads the keys), the old token still verifies
    expect(await keys('rotate')).toBe(0);
    const second = (await listTokenKeys(db))[0]!;
    expect(second).toMatchObject({ current: true });
    expect(second.kid).not.toBe('k1');
    expect(lines.join('\n')).toContain(`added ${second.kid}`);
    expect(lines.join('\n')).toContain('no key to retire');
    const after = await load();
    expect(after.tokenKeys.current.kid).toBe(second.kid);
    const newToken = await signAccessToken(after.tokenKeys, claims, now());
    expect(JSON.parse(Buffer.from(newToken.split('.')[0]!, 'base64url').toString()).kid).toBe(second.kid);
    expect(await verifyAccessToken(after.tokenKeys, k1Token, now())).toEqual(claims);
    expect(await verifyAccessToken(first.tokenKeys, newToken, now())).toEqual(claims);

    // a second rotation soon after: k1 was replaced too recently for its tokens to have expired, it stays
    clock = new Date(t0 + 2000);
    expect(await keys('rotate')).toBe(0);
    expect((await listTokenKeys(db)).map((key) => key.kid)).toContain('k1');

    // once k1 has been replaced for longer than a token lives (+ the reload minute), it retires; the others stay
    clock = new Date(t0 + 1000 + KEY_RETIRE_AFTER_MS + 1);
    lines.length = 0;
    expect(await keys('retire')).toBe(0);
    expect(lines[0]).toBe('retired k1');
    const left = await listTokenKeys(db);
    expect(left).toHaveLength(2);
    expect(left.map((key) => key.kid)).not.toContain('k1');
    // much later everything but the newest retires: the newest key is never removed
    expect(await retireTokenKeys(db, new Date(t0 + 10 * KEY_RETIRE_AFTER_MS))).toEqual([left[1]!.kid]);
    expect((await listTokenKeys(db)).map((key) => key.kid)).toEqual([left[0]!.kid]);
    // a token of a retired key no longer verifies anywhere that has read the keys again
    expect(await verifyAccessToken((await load()).tokenKeys, k1Token, now())).toBeNull();
    // the server_secrets rows hold no key of another kind that retiring touched
    expect((await db.selectFrom('server_secrets').select('name').orderBy('name').execute()).map((row) => row.name)).toEqual([
      'refresh-key',
      'sandbox-webhook',
      `token-key:${left[0]!.kid}`,
      'vapid',
    ]);
  });

  it('npm run keys: says what to do where the keys are not in the database', async () => {
    const lines: string[] = [];
    const run = (source: Record<string, string>, ...args: string[]) =>
      runKeysCommand(args, {
        env: readEnv({ DATA_DIR: path.join(ctx.dataDir, 'keys-cli'), ...source } as NodeJS.ProcessEnv),
        openDb: () => Promise.reject(new Error('must not open the database')),
        now,
        out: (line) => lines.push(line),
      });
    expect(await run({}, 'rotate')).toBe(2);
    expect(lines.pop()).toMatch(/embedded server keeps its signing key in .*keys-cli\/secrets/);
    expect(await run({ TOKEN_KEYS: `old:${crypto.randomBytes(32).toString('base64')}` }, 'rotate')).toBe(2);
    expect(lines.pop()).toMatch(/come from TOKEN_KEYS/);
    expect(await run({}, 'bogus')).toBe(2);
    expect(lines.pop()).toMatch(/^Usage: npm run keys/);
    lines.length = 0;
    expect(await run({}, 'new')).toBe(0);
    // the printed entry is a valid TOKEN_KEYS value
    const entry = lines[0]!;
    expect(readEnv({ TOKEN_KEYS: entry } as NodeJS.ProcessEnv).TOKEN_KEYS).toBe(entry);
  });
});
