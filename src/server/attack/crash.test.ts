/**
 * Crash safety: the real server (src/server/main.ts) in a child process takes writes from
 * several clients at once and is killed with SIGKILL in the middle of them; restarted on the same
 * data folder (once as if in a fresh pid namespace, where the new process has the dead one's pid),
 * it must start, and every write it acknowledged before dying must be there.
 *
 * The writes are logins (a session row each) and refresh-token rotations (a transaction: the old
 * token spent, its successor inserted); each acknowledged one is known by what its answer carried
 * (the session id in the access token, the new refresh token). On PostgreSQL (DATABASE_URL) the
 * server gets a database of its own; on SQLite the data folder holds it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection';
import { insertPerson, PASSWORD } from '../testing/marketplace-fixtures';
import { childServerStore, type ChildServerStore } from '../testing/child-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const mainModule = path.join(root, 'src/server/main.ts');
const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

let store: ChildServerStore;
let dataDir: string;
let databaseUrl: string | undefined;

beforeAll(async () => {
  store = await childServerStore('crash', root);
  ({ dataDir, databaseUrl } = store);
  const handle = await openDatabase({ dataDir, databaseUrl });
  for (let i = 0; i < 4; i++) await insertPerson(handle.db, `crash${i}`, { email: `crash${i}@example.com` });
  await handle.close();
}, 60_000);

afterAll(() => store.remove());

/**
 * Starts the server on the data folder; `samePid` first writes this process's own pid where the
 * dead server's pid is kept, as a container restart would find it.
 */
async function startServer(samePid = false) {
  const entry = path.join(dataDir, '..', `${path.basename(dataDir)}-start.mts`);
  fs.writeFileSync(
    entry,
    (samePid
      ? `import fs from 'node:fs';\nfs.writeFileSync(${JSON.stringify(path.join(dataDir, 'souk.pid'))}, String(process.pid));\n`
      : '') + `await import(${JSON.stringify(mainModule)});\n`,
  );
  return store.start(['--import', 'tsx', entry]);
}

const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);

interface Acknowledged {
  sessions: string[];
  refreshTokens: string[];
}

/**
 * Clients writing until the server dies: each signs in, then rotates its refresh token again and
 * again. Only what came back with a 200 is counted.
 */
function writeUntilDeath(base: string, clients: number, acknowledged: Acknowledged): Promise<void>[] {
  return Array.from({ length: clients }, async (_, index) => {
    const headers = { Origin: base, 'Content-Type': 'application/json' };
    try {
      const login = await fetch(`${base}/api/iam/login/email`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: `crash${index % 4}@example.com`, password: PASSWORD }),
      });
      if (login.status !== 200) throw new Error(`login answered ${login.status}`);
      const access = cookieOf(login, '__Host-souk_at')!;
      acknowledged.sessions.push(JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString()).sid);
      let refresh = cookieOf(login, '__Host-souk_rt')!;
      for (;;) {
        const response = await fetch(`${base}/api/iam/auth/refresh`, {
          method: 'POST',
          headers: { ...headers, Cookie: `__Host-souk_rt=${refresh}` },
        });
        if (response.status !== 200) throw new Error(`refresh answered ${response.status}`);
        refresh = cookieOf(response, '__Host-souk_rt')!;
        acknowledged.refreshTokens.push(refresh);
      }
    } catch (error) {
      // the server died under us: expected; anything else is a failure
      if (!/fetch failed|ECONNRESET|ECONNREFUSED|other side closed|socket/i.test(String((error as Error).cause ?? error))) throw error;
    }
  });
}

/** Kills the server with SIGKILL once `writes` more rotations were acknowledged, in the middle of the next ones. */
async function killDuringWrites(server: Awaited<ReturnType<typeof startServer>>, acknowledged: Acknowledged, writes: number) {
  const target = acknowledged.refreshTokens.length + writes;
  const writers = writeUntilDeath(server.base, 6, acknowledged);
  const deadline = Date.now() + 30_000;
  while (acknowledged.refreshTokens.length < target && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  const before = acknowledged.refreshTokens.length;
  server.child.kill('SIGKILL');
  await new Promise((resolve) => server.child.once('exit', resolve));
  await Promise.all(writers);
  return before;
}

/** Every acknowledged write, read from the database the restarted server runs on. */
async function missing(acknowledged: Acknowledged): Promise<{ sessions: string[]; refreshTokens: string[] }> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const sessions = new Set((await client.query('select id from auth_sessions')).rows.map((row) => row.id as string));
    const tokens = new Set((await client.query('select token_hash from refresh_tokens')).rows.map((row) => row.token_hash as string));
    await client.end();
    return {
      sessions: acknowledged.sessions.filter((id) => !sessions.has(id)),
      refreshTokens: acknowledged.refreshTokens.filter((t) => !tokens.has(sha256(t))),
    };
  }
  const { default: SQLite } = await import('better-sqlite3');
  const db = new SQLite(path.join(dataDir, 'souk.db'), { readonly: true });
  const sessions = new Set(db.prepare('select id from auth_sessions').pluck().all() as string[]);
  const tokens = new Set(db.prepare('select token_hash from refresh_tokens').pluck().all() as string[]);
  db.close();
  return {
    sessions: acknowledged.sessions.filter((id) => !sessions.has(id)),
    refreshTokens: acknowledged.refreshTokens.filter((t) => !tokens.has(sha256(t))),
  };
}

describe('crash safety', () => {
  it('keeps every acknowledged write through SIGKILL, and restarts on the same folder (also with the dead pid)', async () => {
    const acknowledged: Acknowledged = { sessions: [], refreshTokens: [] };

    const first = await startServer();
    await killDuringWrites(first, acknowledged, 150);
    expect(acknowledged.refreshTokens.length).toBeGreaterThan(20);

    // a container restart: the new process has the pid the dead one left behind
    const second = await startServer(true);
    expect(second.output()).not.toMatch(/already (open|in use)/);
    expect((await fetch(`${second.base}/api/health`)).status).toBe(200);
    expect(await missing(acknowledged)).toEqual({ sessions: [], refreshTokens: [] });
    const afterFirst = acknowledged.refreshTokens.length;
    await killDuringWrites(second, acknowledged, 150);
    expect(acknowledged.refreshTokens.length).toBeGreaterThan(afterFirst + 20);

    // what the second server acknowledged before its SIGKILL is on disk too
    expect(await missing(acknowledged)).toEqual({ sessions: [], refreshTokens: [] });
    console.info(
      `crash: ${acknowledged.sessions.length} logins and ${acknowledged.refreshTokens.length} refresh rotations acknowledged over 2 SIGKILLs, 0 lost`,
    );
  }, 120_000);
});
