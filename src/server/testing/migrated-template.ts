import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/connection';

/** Where the migrated database the server tests start from is: a SQLite file, or a PostgreSQL database's name. */
export type MigratedTemplate = { sqliteFile: string } | { postgresDatabase: string };

declare module 'vitest' {
  export interface ProvidedContext {
    migratedTemplate: MigratedTemplate;
  }
}

/**
 * The server project's global setup: every migration run once, on a database each test context then starts from a
 * copy of (test-app.ts), instead of each of the suite's contexts running them all again. A migration that fails fails
 * here, before any test; the migration tests themselves open databases of their own and migrate them.
 */
export default async function migrateOnce(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl?.startsWith('postgres')) {
    const name = `t_template_${crypto.randomBytes(6).toString('hex')}`;
    await onServer(databaseUrl, async (admin) => void (await admin.query(`create database ${name}`)));
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souk-test-template-'));
    const handle = await openDatabase({ databaseUrl: url.toString(), dataDir });
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    // CREATE DATABASE … TEMPLATE refuses a template anyone is connected to, and pg's pool.end() resolves before
    // its sockets have closed
    await onServer(databaseUrl, (admin) => untilNobodyOn(admin, name));
    project.provide('migratedTemplate', { postgresDatabase: name });
    return () => onServer(databaseUrl, async (admin) => void (await admin.query(`drop database if exists ${name} with (force)`)));
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souk-test-template-'));
  const handle = await openDatabase({ dataDir });
  // closing the last connection checkpoints the WAL into souk.db: the file alone is the whole database
  await handle.close();
  project.provide('migratedTemplate', { sqliteFile: path.join(dataDir, 'souk.db') });
  return async () => fs.rmSync(dataDir, { recursive: true, force: true });
}

async function onServer(databaseUrl: string, work: (admin: pg.Client) => Promise<void>): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}

/** Waits (up to a second) until no connection to `database` is left. */
export async function untilNobodyOn(admin: pg.Client, database: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [database]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
