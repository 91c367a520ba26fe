import path from 'node:path';
import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app';
import { readEnv } from './env';
import { fileSecrets, loadOrCreateSecret, loadServerSecrets, rotateTokenKey } from './secrets';
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
});
