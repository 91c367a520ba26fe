import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';

/**
 * A real server in a child process, for the crash suites: a data folder of its own (and, when
 * DATABASE_URL points at PostgreSQL, a database of its own on that server), a start that waits for
 * the server's "running at" line, and a clean-up that kills what is left and drops both.
 */
export interface ChildServerStore {
  dataDir: string;
  databaseUrl: string | undefined;
  /** Starts `args` (after node) with the server's environment plus `extra`; resolves with its address. */
  start(args: string[], extra?: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; base: string; output: () => string }>;
  remove(): Promise<void>;
}

async function onAdmin(adminUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(statement);
  await admin.end();
}

export async function childServerStore(prefix: string, cwd: string): Promise<ChildServerStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `souk-${prefix}-`));
  const adminUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
  const databaseName = adminUrl ? `t_${prefix.replace(/\W/g, '_')}_${crypto.randomBytes(5).toString('hex')}` : undefined;
  let databaseUrl: string | undefined;
  if (adminUrl && databaseName) {
    await onAdmin(adminUrl, `create database ${databaseName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const children: ChildProcess[] = [];

  async function start(args: string[], extra: NodeJS.ProcessEnv = {}) {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: '/nonexistent',
      ...extra,
    };
    delete env.DATABASE_URL;
    delete env.PUBLIC_URL;
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const base = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /running at (http:\/\/localhost:\d+)/.exec(output);
        if (match) {
          clearInterval(timer);
          resolve(match[1].replace('localhost', '127.0.0.1'));
        } else if (child.exitCode !== null) {
          clearInterval(timer);
          reject(new Error(`the server exited (${child.exitCode}): ${output}`));
        }
      }, 50);
      setTimeout(() => {
        clearInterval(timer);
        reject(new Error(`the server did not start: ${output}`));
      }, 60_000);
    });
    return { child, base, output: () => output };
  }

  async function remove() {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    if (adminUrl && databaseName) await onAdmin(adminUrl, `drop database if exists ${databaseName} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  return { dataDir, databaseUrl, start, remove };
}
