import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { Database } from './schema';
import { foldForSearch } from '../../shared/search-fold';
import { migrateToLatest } from './migrate';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite in `dataDir` */
  databaseUrl?: string;
  /** folder of `souk.db`; ':memory:' for a throwaway in-memory database */
  dataDir: string;
  migrate?: boolean;
}

export class DataDirInUseError extends Error {}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl?.startsWith('postgres') ? openPostgres(options.databaseUrl) : openSqlite(options.dataDir);
  if (options.migrate !== false) {
    try {
      // several processes starting together on one PostgreSQL: one migrates, the others wait
      await withStartupLock(handle, () => migrateToLatest(handle.db));
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return handle;
}

/** The PostgreSQL advisory lock that startup work (migrations, the demo seed) runs under. */
const STARTUP_LOCK = 17_017_017;

/**
 * Runs `work` while holding the deployment's startup lock: on PostgreSQL a session advisory lock
 * (every process of the deployment waits for the one holding it, and the lock goes with a process
 * that dies), so migrations run once and the demo seed is applied once however many processes
 * start together. On SQLite the data-folder lock already makes this process the only one.
 */
export async function withStartupLock<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (handle.dialect !== 'postgres') return work();
  return handle.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(connection);
    }
  });
}

function openPostgres(connectionString: string): DatabaseHandle {
  // int8 (COUNT, SUM) arrives as text by default; our counts fit in a JS number.
  pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
  const pool = new pg.Pool({ connectionString, max: 10 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

function openSqlite(dataDir: string): DatabaseHandle {
  const inMemory = dataDir === ':memory:';
  let releaseLock = () => {};
  const file = inMemory ? ':memory:' : path.join(dataDir, 'souk.db');
  if (!inMemory) {
    privateFolder(dataDir);
    releaseLock = acquireDataDirLock(dataDir);
    // Created 0600 before SQLite opens it: its -wal and -shm files take the database's mode.
    fs.closeSync(fs.openSync(file, 'a', 0o600));
    for (const suffix of ['', '-wal', '-shm']) if (fs.existsSync(file + suffix)) fs.chmodSync(file + suffix, 0o600);
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // search folding (migration 0030 gives PostgreSQL the same function)
  sqlite.function('souk_fold', { deterministic: true }, (value: unknown) => foldForSearch(value == null ? '' : String(value)));
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    dialect: 'sqlite',
    close: async () => {
      await db.destroy();
      releaseLock();
    },
  };
}

/** DATA_DIR holds the database, mail and secrets: only the server's user may enter it (0700). */
export function privateFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
}

/** Data folders open in this process (the OS lock does not stop a process from locking twice). */
const openHere = new Set<string>();

/**
 * One process per data folder: SQLite in WAL mode tolerates a second writer, but two servers
 * each seeding, migrating and caching the same files would step on each other.
 *
 * The lock is the operating system's, so the kernel drops it when its process dies however it
 * dies (kill -9, a crash, a container stopped): `souk.lock` is a small SQLite database opened in
 * exclusive locking mode with a write made and never committed away, which holds SQLite's own
 * file lock for as long as the connection is open. `souk.pid` only names the holder for the
 * message; it decides nothing, so a restart in a fresh pid namespace (Docker, Kubernetes,
 * systemd), where the new process has the dead one's pid, starts at once.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const key = fs.realpathSync(dataDir);
  if (openHere.has(key)) throw new DataDirInUseError(`The data folder ${dataDir} is already open in this process.`);
  const lockPath = path.join(dataDir, 'souk.lock');
  const pidPath = path.join(dataDir, 'souk.pid');
  let lock: SQLite.Database;
  try {
    lock = takeLock(lockPath);
  } catch (error) {
    if (!isBusy(error)) throw error;
    const owner = Number.parseInt(readOr(pidPath, ''), 10);
    throw new DataDirInUseError(
      `The data folder ${dataDir} is already in use by another Souk process${Number.isInteger(owner) ? ` (pid ${owner})` : ''}. ` +
        'Stop that process or start this one with a different DATA_DIR.',
    );
  }
  openHere.add(key);
  fs.writeFileSync(pidPath, String(process.pid), { mode: 0o600 });
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    openHere.delete(key);
    if (readOr(pidPath, '') === String(process.pid)) fs.rmSync(pidPath, { force: true });
    lock.close();
  };
  process.once('exit', release);
  return release;
}

function takeLock(lockPath: string): SQLite.Database {
  let lock = new SQLite(lockPath, { timeout: 0 });
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL)');
  } catch (error) {
    lock.close();
    // Before this lock there was a pid file of this name: not a database. Gone with the old way.
    if ((error as { code?: string }).code !== 'SQLITE_NOTADB') throw error;
    fs.rmSync(lockPath, { force: true });
    lock = new SQLite(lockPath, { timeout: 0 });
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL)');
  }
  try {
    // The first write in exclusive mode takes the file's exclusive lock, kept until close().
    lock.exec(`DELETE FROM holder; INSERT INTO holder (pid) VALUES (${process.pid})`);
    fs.chmodSync(lockPath, 0o600);
  } catch (error) {
    lock.close();
    throw error;
  }
  return lock;
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

function readOr(file: string, fallback: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return fallback;
  }
}
