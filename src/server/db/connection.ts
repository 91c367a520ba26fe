import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema';
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
      await migrateToLatest(handle.db);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return handle;
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
  if (!inMemory) {
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(dataDir);
  }
  const sqlite = new SQLite(inMemory ? ':memory:' : path.join(dataDir, 'souk.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
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

/**
 * One process per data folder: SQLite in WAL mode tolerates a second writer, but two servers
 * each seeding, migrating and caching the same files would step on each other. The lock file
 * holds the owner's pid; a lock left by a process that no longer runs is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'souk.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isRunning(owner)) {
        throw new DataDirInUseError(
          `The data folder ${dataDir} is already in use by another Souk process (pid ${owner}). ` +
            'Stop that process or start this one with a different DATA_DIR.',
        );
      }
      if (owner === process.pid) {
        throw new DataDirInUseError(`The data folder ${dataDir} is already open in this process.`);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the data folder ${dataDir}.`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
