import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN_EMAIL } from './tests/e2e/support/admin-account';

/**
 * e2e: the production build served by the real server on a fresh DATA_DIR, in Chromium.
 * Overrides for working in parallel: E2E_PORT, E2E_CLIENT_DIR (another client build),
 * E2E_SERVER_CMD (e.g. "npx tsx src/server/main.ts"). Other variables (FEATURES_OFF, …) pass through.
 */
const port = Number(process.env.E2E_PORT ?? 8300);
const ADMIN_SPEC = /admin\.spec\.ts$/;
const baseURL = `http://localhost:${port}`;

// The config is loaded by the runner and again by every worker: make the temp DATA_DIR once,
// hand it down through the environment, and remove it when the runner that made it exits
// (E2E_KEEP_DATA=1 keeps it for a look after a failure).
let dataDir = process.env.SOUK_E2E_DATA_DIR;
if (!dataDir) {
  const created = fs.mkdtempSync(path.join(os.tmpdir(), 'souk-e2e-'));
  dataDir = process.env.SOUK_E2E_DATA_DIR = created;
  if (!process.env.E2E_KEEP_DATA) process.on('exit', () => fs.rmSync(created, { recursive: true, force: true }));
}

function chromiumPath(): string | undefined {
  // Playwright's own browser when installed, else the system Chromium.
  let own: string | undefined;
  try {
    own = chromium.executablePath();
  } catch {
    own = undefined;
  }
  if (own && fs.existsSync(own)) return undefined;
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => fs.existsSync(candidate));
}

/**
 * Debian bookworm's Chromium 150 gives each new document a new frame host ("RenderDocument"), and Playwright's
 * offline emulation does not reach it: a page loaded or reloaded while the context is offline reads
 * navigator.onLine === true and never hears 'offline' (every offline spec failed; a phone really offline reads
 * the OS's state). So the feature is off. Chromium keeps only the last --disable-features, so ours repeats
 * Playwright's own list (@playwright/test 1.65.1) and replaces it; should Playwright's list change, the
 * ignore no longer matches and ours, coming last, still applies.
 */
const PLAYWRIGHT_DISABLED_FEATURES =
  '--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,' +
  'HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning,' +
  'AvoidCorsURLLoaderRestartOnRedirect,TcpPortRandomizationWin,OptimizationHints,NetworkTimeServiceQuerying,' +
  'AimEnabled,PreconnectToSearch,msForceBrowserSignIn,msEdgeUpdateLaunchServicesPreferredVersion';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  // Generous: CI machines have 2 cores shared by the server, two browsers and the test runner.
  timeout: 60_000,
  // a slow CI machine takes more than 10 s to open a workspace page for the first time under two browsers
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        `${PLAYWRIGHT_DISABLED_FEATURES},RenderDocument`,
      ],
      ignoreDefaultArgs: [PLAYWRIGHT_DISABLED_FEATURES],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: ADMIN_SPEC },
    // The admin spec switches signup off for the whole server: in a full run it waits until every other spec is
    // done, so none of theirs signs someone up in that window. Named alone on the command line it runs at once (a
    // dependency would run the whole suite first, whatever the file filter says).
    {
      name: 'admin',
      use: { ...devices['Desktop Chrome'] },
      testMatch: ADMIN_SPEC,
      dependencies: process.argv.some((arg) => ADMIN_SPEC.test(arg)) ? [] : ['chromium'],
    },
  ],
  webServer: {
    command: process.env.E2E_SERVER_CMD ?? 'node dist/server/main.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // the admin area, for the one account the admin spec signs up (nobody else's experience changes)
      ADMIN_AREA: 'on',
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      // the web push e2e's stand-in push service (tests/e2e/web-push.spec.ts)
      PUSH_ENDPOINT_ORIGINS: `http://127.0.0.1:${port + 7}`,
      ...(process.env.E2E_CLIENT_DIR ? { CLIENT_DIR: process.env.E2E_CLIENT_DIR } : {}),
    },
  },
});
