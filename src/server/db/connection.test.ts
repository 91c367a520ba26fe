import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, openDatabase, type DatabaseHandle } from './connection';

// These tests are about the SQLite data folder: they never use DATABASE_URL, even in the PostgreSQL run.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const connectionModule = path.join(root, 'src/server/db/connection.ts');

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souk-lock-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function open(dataDir: string): Promise<DatabaseHandle> {
  const handle = await openDatabase({ dataDir });
  cleanups.push(() => handle.close());
  return handle;
}

function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  delete env.DATABASE_URL;
  return env;
}

/** Runs a child node process with tsx and collects its output. */
function runNode(args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string; exit: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exit };
}

/** A second process that opens the data folder and keeps it open until killed. */
async function holdInChild(dataDir: string) {
  const script = path.join(dataDir, '..', `${path.basename(dataDir)}-holder.mts`);
  fs.writeFileSync(
    script,
    `import { openDatabase } from ${JSON.stringify(connectionModule)};\n` +
      `await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });\n` +
      `console.log('holding');\nsetInterval(() => {}, 1000);\n`,
  );
  cleanups.push(() => fs.rmSync(script, { force: true }));
  const run = runNode([script], childEnv({}));
  cleanups.push(() => void run.child.kill('SIGKILL'));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (run.output().includes('holding')) {
        clearInterval(timer);
        resolve();
      } else if (run.child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`holder exited: ${run.output()}`));
      }
    }, 50);
  });
  return run;
}

describe('data folder lock', () => {
  it('refuses a second server on the same DATA_DIR with a clear message', async () => {
    const dataDir = tempDataDir();
    await open(dataDir);
    const second = runNode(
      ['src/server/main.ts'],
      childEnv({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SEED: 'none', LOG_LEVEL: 'silent' }),
    );
    cleanups.push(() => void second.child.kill('SIGKILL'));
    const stillRunning = new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 25_000));
    expect(await Promise.race([second.exit, stillRunning])).toBe(1);
    expect(second.output()).toContain(`The data folder ${dataDir} is already in use by another Souk process (pid ${process.pid}).`);
    expect(second.output()).toContain('different DATA_DIR');
    expect(second.output()).not.toMatch(/\n\s+at /); // a message, not a stack trace
  });

  it('refuses to open a folder another running process holds, and takes it over once that process is gone', async () => {
    const dataDir = tempDataDir();
    const holder = await holdInChild(dataDir);
    const refused = await openDatabase({ dataDir }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DataDirInUseError);
    expect((refused as Error).message).toContain(`pid ${holder.child.pid}`);

    // Killed without a chance to clean up: the kernel dropped its lock with it.
    holder.child.kill('SIGKILL');
    await holder.exit;
    const handle = await open(dataDir);
    expect(fs.readFileSync(path.join(dataDir, 'souk.pid'), 'utf8')).toBe(String(process.pid));
    await handle.close();
    expect(fs.existsSync(path.join(dataDir, 'souk.pid'))).toBe(false);
  });

  it("restarts after a crash when the new process has the dead one's pid (a fresh pid namespace)", async () => {
    const dataDir = tempDataDir();
    const holder = await holdInChild(dataDir);
    holder.child.kill('SIGKILL');
    await holder.exit;
    // In a container the restarted server is pid 1 again, like the one that died: simulate that
    // by leaving behind what the dead process would have left, with this process's pid in it.
    fs.writeFileSync(path.join(dataDir, 'souk.pid'), String(process.pid));
    const handle = await open(dataDir);
    expect(handle.dialect).toBe('sqlite');
    await handle.close();

    // the same with a lock file of the old kind (a pid and nothing else) naming this process
    fs.writeFileSync(path.join(dataDir, 'souk.lock'), String(process.pid));
    const again = await open(dataDir);
    expect(again.dialect).toBe('sqlite');
  });

  it('refuses while the holder lives, even with its pid file gone or wrong (the OS lock decides)', async () => {
    const dataDir = tempDataDir();
    await holdInChild(dataDir);
    fs.writeFileSync(path.join(dataDir, 'souk.pid'), '999999');
    await expect(openDatabase({ dataDir })).rejects.toThrow(/already in use by another Souk process \(pid 999999\)/);
    fs.rmSync(path.join(dataDir, 'souk.pid'));
    await expect(openDatabase({ dataDir })).rejects.toThrow(/already in use by another Souk process\. Stop that process/);
  });

  it('keeps the folder and the database private to the server (0700, files 0600)', async () => {
    const dataDir = tempDataDir();
    fs.chmodSync(dataDir, 0o755);
    const handle = await open(dataDir);
    await handle.db.selectFrom('users').select('id').execute();
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    for (const file of ['souk.db', 'souk.db-wal', 'souk.db-shm', 'souk.lock', 'souk.pid']) {
      expect(fs.statSync(path.join(dataDir, file)).mode & 0o777, file).toBe(0o600);
    }
  });

  it('refuses to open the same folder twice in one process', async () => {
    const dataDir = tempDataDir();
    await open(dataDir);
    await expect(openDatabase({ dataDir })).rejects.toThrow(/already open in this process/);
  });

  it('lets the next process in after a clean close', async () => {
    const dataDir = tempDataDir();
    const first = await openDatabase({ dataDir });
    await first.close();
    const second = await open(dataDir);
    expect(second.dialect).toBe('sqlite');
  });
});
