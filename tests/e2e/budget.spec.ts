import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import { PUBLIC_ROUTE_FILE } from '../../sw/precache-entries';
import { SIGNED_IN_NAME } from '../../src/client/signed-in-sections';
import { laterUrls, precacheUrls } from './support/pwa';

/**
 * Size budgets (docs/architecture.md, README "Performance"), checked on the build (deterministic, not timed):
 * gzip JS on the critical path of a public page at most 120 KB, CSS at most 15 KB, and the
 * service worker precaches the entry. Reads the client build the e2e server serves.
 */
const clientDir = path.resolve(process.env.E2E_CLIENT_DIR ?? 'dist/client');
/**
 * The first target was 120 KB. The libraries the stack names weigh about 120 KB in the entry
 * (react-dom 62, the router 26, i18next 15, react-query 9, react 4): performance round 2
 * took the validation library out (route search params are parsed by hand, lib/search-params.ts)
 * and moved what the first paint does not need (the layers above the page, live events, the bell,
 * web push) to chunks that load once the page is live. Server-rendered pages fetch these scripts
 * only after the hero image (src/client/ssr/deferred-scripts.ts): none of it is on the path to their
 * first paint.
 */
const JS_TARGET = 120 * 1024;
/**
 * +1 KB each for the eight profile pages (settings, preferences, privacy, addresses,
 * account, payments, updates, version): their components are lazy chunks, but every route's
 * definition sits in the route tree of the entry (measured with them: entry 143.4 KB, firm page
 * 186.9 KB; without them the entry was within 143 KB and the firm page already at 186.3 KB).
 * +4 KB for the 36 workspace routes for the same reason (their declarations in the
 * route tree; their components and features stay out, the last test checks): entry 147.3 KB, firm page
 * 193.9 KB. Performance round 2 took them back by loading the workspace's subtree of routes lazily.
 */
// +0.5 KB for the eight menu/shop/inventory routes' lazy-chunk lists and the
// workspace-catalogue locale files in the route tree (entry measured 147.9 -> 148.2 KB)
// +0.5 KB for the date locales per language: the entry loads the page's language's month and day names
// before it hydrates (the loader, not the names: entry measured 148.5 -> 148.8 KB; the firm page lost 8 KB by it)
// +1 KB for the evening's route declarations and shared pieces (workspace orders/{reference}, followers,
// announcements; help texts in the shared fields; every public page's meta description): 148.8 -> 149.4 KB measured.
// Entry cuts, round 3: the entry no longer lists the JS each signed-in page imports (vite.config.ts,
// modulePreload.resolveDependencies): the file names and lists of ~60 workspace and profile routes. 149.4 -> 147.3 KB
// measured. TanStack Router cannot load a subtree of routes lazily (their paths and search parsing stay in the tree).
// The tab memory kept by hand instead of zustand's persist middleware: 147.3 -> 146.5 KB measured.
// The signed-in sections' ~60 route declarations out of the entry: the entry's tree is public-route-tree.gen.ts, the
// whole tree loads on the first visit to a signed-in page (src/client/router.tsx): 146.5 -> 142.9 KB measured;
// 144.1 KB with the same night's hydration and dehydrated-state changes.
// The signed-in pages' 33 translation loaders (workspace*, profile, settings, messages, notifications, people) load
// with lib/signed-in-locales.ts, out of the entry: 144.5 -> 144.0 KB measured.
// Entry cuts, round 4: each cut measured on its own build (gzip -9 of the entry's files):
// the preload lists no longer name the entry's own chunks (vite.config.ts ENTRY_CHUNK): 144.39 -> 144.34 KB;
// the route error page loads when the page is idle (router.tsx), not with the entry: 144.34 -> 143.56 KB;
// the entry holds only the public pages' query keys (lib/public-query-keys.ts): 143.56 -> 143.01 KB;
// the dynamic headers (no public page uses one) load when a page asks for one: 143.02 -> 142.71 KB.
// Entry cuts, round 5, each cut measured on its own build:
// service-worker.ts's idle wait is lib/when-idle.ts's, not a copy of it: 142.75 -> 142.67 KB;
// lucide's icons on the app's own createLucideIcon, without their node lists' keys (vite.config.ts lucideIcons):
// 142.67 -> 141.52 KB (the firm page 169.13 -> 167.60 KB);
// the update watcher (lib/service-worker-updates.ts) loads when the page is idle: 141.52 -> 141.28 KB;
// the head's sync after in-app navigation (lib/head-sync.ts) with the layers that use it: 141.28 -> 141.05 KB;
// the query cache saved as it changes by lib/query-client.ts, without React Query's persister library (which restored
// it a second time): 141.05 -> 140.67 KB (the firm page 166.78 KB).
// Round 6: the router's dehydrate option (compactQueries) only in the server build: 140.66 -> 140.44 KB;
// the 404 page loaded when the page is idle (the server renders it at once): 140.44 -> 140.27 KB (the firm page
// 166.54 -> 166.65 KB: the public chunk, where it now is, exports it).
// Round 7: the service worker's page-cache name in its own module (the entry carried server-rendered-paths.ts and
// the reserved usernames for it), the firm routes check the username's shape only (the API answers 404 for a reserved
// word): 140.27 -> 140.06 KB; the signed-in sections' search-param parsers out of the entry
// (lib/signed-in-search-params.ts): 140.06 -> 139.76 KB. The target, 140 KB, is met.
// This stop's branches together (the public query keys' prefixes, label-in-name texts, the tier rules' purchase
// form and the rest) grew the entry past 139.81 KB; it stays within 140 KB (the design allows 141).
// This stop's merges (the admin area and its runtime switches, the door, the offline-ready pages) took it to 140.01 KB
// after the flag watch moved out to the lazy layers: within the design's 141 KB; the target stays 140 KB.
// Signing up from the login sheet comes back and does the Follow or Save that asked for it (lib/pending-intent.ts):
// 140.52 KB. The budget is now the design's limit, 141 KB.
// The persisted cache back on the design's @tanstack/query-sync-storage-persister (docs/decisions/052): +319 B
// measured (144,135 -> 144,454 B with the same tree); the budget grows by that much, within the 1 KB allowed for it.
const JS_BUDGET = 141 * 1024 + 320;
// +2 KB for the visitor round 2 on the firm page: taps before hydration replayed by state, the Share
// menu by keyboard, unknown categories as 404s, srcset widths (firm page measured 188.6 KB gzip with them)
// +1 KB for messages: the firm page's 'Message' button and the route declarations of
// /profile/messages, /profile/messages/{id} and the inbox's search params (+0.66 KB measured: 193.9 -> 194.6 KB)
// +1 KB for the menus and shop: the same in the entry, and the shared public chunk takes the components/ui
// pieces the menu and shop screens share (+0.5 KB measured: 194.9 -> 195.4 KB)
// +1 KB for reviews: the firm page loads its reviews section lazily (the loader and
// the preload helper stay on the page: +0.6 KB measured); the section itself is not on it
// Performance round 2: 196 -> 174.4 KB measured. The public chunk is only what the public routes import (it held every
// icon and UI piece used anywhere, the workspace's too), the firm page's part of it apart from the other public
// pages' (a second chunk), and date-fns's French and Arabic names load with their language (target 170 KB).
// +1 KB for the same and the product page's variant choice: 174.6 -> 175.0 KB measured.
// -2.8 KB with the entry (above): 175.0 -> 172.2 KB measured.
// -3.6 KB with the entry's route tree (above): 172.3 -> 168.7 KB measured; 169.5 KB with the same night's other
// changes (the target, 170 KB, is met).
// +0.5 KB for the menu's ordering hours: a closed firm's menu says when ordering opens, in the firm's time and the
// viewer's language, rendered by the server (features/orders/ordering-hours.ts): 170.3 KB measured.
const FIRM_PAGE_JS_BUDGET = 170.5 * 1024;
/** Files the browser fetches for the firm page (HTTP/1.1 on a slow link: each costs a round trip). */
const FIRM_PAGE_FILES = 8;
const CSS_BUDGET = 15 * 1024;

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

function readManifest(): Record<string, Chunk> {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  expect(fs.existsSync(file), `${file} exists (vite build with build.manifest)`).toBe(true);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Chunk>;
}

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length;

/** A chunk and everything it imports statically: what loads before it can run. */
function staticClosure(manifest: Record<string, Chunk>, keys: string[]) {
  const seen = new Set<string>();
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    js.add(manifest[key].file);
    manifest[key].css?.forEach((file) => css.add(file));
    manifest[key].imports?.forEach(visit);
  };
  keys.forEach(visit);
  const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gzipSize(file), 0);
  return { js: sum(js), css: sum(css), files: [...js] };
}

function entryKey(manifest: Record<string, Chunk>): string {
  const key = Object.keys(manifest).find((k) => manifest[k].isEntry);
  expect(key, 'the manifest has an entry').toBeTruthy();
  return key!;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test('the public entry stays within the JS and CSS budgets', () => {
  const manifest = readManifest();
  const entry = staticClosure(manifest, [entryKey(manifest)]);
  test.info().annotations.push({
    type: 'entry',
    description: `JS ${kb(entry.js)} gzip (target ${kb(JS_TARGET)}), CSS ${kb(entry.css)} gzip`,
  });
  expect(entry.js, `entry JS ${kb(entry.js)} gzip (${entry.files.join(', ')})`).toBeLessThanOrEqual(JS_BUDGET);
  expect(entry.css, `entry CSS ${kb(entry.css)} gzip`).toBeLessThanOrEqual(CSS_BUDGET);
});

test('a firm page (the QR landing) stays within the JS and CSS budgets with its route chunk', () => {
  const manifest = readManifest();
  const routeChunks = Object.keys(manifest).filter((key) => key.startsWith('src/client/routes/$username.tsx'));
  expect(routeChunks.length, 'the firm route is built').toBeGreaterThan(0);
  const page = staticClosure(manifest, [entryKey(manifest), ...routeChunks]);
  expect(page.js, `firm page JS ${kb(page.js)} gzip`).toBeLessThanOrEqual(FIRM_PAGE_JS_BUDGET);
  expect(page.files.length, `firm page files: ${page.files.join(', ')}`).toBeLessThanOrEqual(FIRM_PAGE_FILES);
  expect(page.css, `firm page CSS ${kb(page.css)} gzip`).toBeLessThanOrEqual(CSS_BUDGET);
});

/**
 * What the first paint does not need is not in the entry, and what of it a page needs offline is
 * fetched after install with the public pages' files (sw/precache-entries.ts PUBLIC_LAZY).
 */
const AFTER_FIRST_PAINT = [
  { module: 'src/client/components/layout/route-error-page.tsx', offline: true },
  // the query keys but the public pages' (lib/public-query-keys.ts): with the UI that uses them
  { module: 'src/client/lib/query-keys.ts', offline: false },
  // the 'close' and 'titleWithImage' headers: loaded when a page asks for one (header-bar.tsx)
  { module: 'src/client/components/layout/dynamic-header.tsx', offline: false },
  // the update watcher and the request to fill the offline cache: loaded when the page is idle (lib/service-worker.ts)
  { module: 'src/client/lib/service-worker-updates.ts', offline: true },
  // the head's sync after an in-app navigation: the layers' (lib/head-sync.ts)
  { module: 'src/client/lib/head-sync.ts', offline: true },
];

test('what the first paint does not need loads after it, and what a page needs offline is kept', () => {
  const manifest = readManifest();
  const modules = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'chunk-modules.json'), 'utf8')) as Record<string, string[]>;
  const entryFiles = staticClosure(manifest, [entryKey(manifest)]).files;
  const later = laterUrls(fs.readFileSync(path.join(clientDir, 'sw.js'), 'utf8'));
  for (const { module, offline } of AFTER_FIRST_PAINT) {
    const files = Object.keys(modules).filter((file) => modules[file].some((id) => id.split('?')[0] === module));
    expect(files.length, `${module} is built`).toBeGreaterThan(0);
    expect(
      files.filter((file) => entryFiles.includes(file)),
      `${module} in the entry`,
    ).toEqual([]);
    if (offline) expect(later, `${module}'s file fetched after install`).toEqual(expect.arrayContaining(files));
  }
});

/**
 * What must never reach a public page's files: the workspace and the editors (signed-in tools). A
 * workspace route's declaration (path, guard, search parsing) is in the route tree, which the entry
 * loads; its component (`?tsr-split=component`) and the features it renders are what must stay out.
 */
const SIGNED_IN_TOOLS =
  /^(src\/client\/(features\/(workspace|editors?)\/|routes\/workspace[^?]*\?tsr-split)|node_modules\/(@tiptap|prosemirror-)[^/]*\/)/;

test("no workspace or editor module is in a public page's files", () => {
  const manifest = readManifest();
  const modulesFile = path.join(clientDir, '.vite', 'chunk-modules.json');
  expect(fs.existsSync(modulesFile), `${modulesFile} exists (src/client/ssr/chunk-modules-plugin.ts)`).toBe(true);
  const modules = JSON.parse(fs.readFileSync(modulesFile, 'utf8')) as Record<string, string[]>;
  const publicRoutes = Object.keys(manifest).filter((key) => PUBLIC_ROUTE_FILE.test(key));
  expect(publicRoutes.length, 'the public routes are built').toBeGreaterThan(10);
  for (const route of publicRoutes) {
    const files = staticClosure(manifest, [entryKey(manifest), route]).files;
    const leaked = files.flatMap((file) => (modules[file] ?? []).filter((id) => SIGNED_IN_TOOLS.test(id)).map((id) => `${id} in ${file}`));
    expect(leaked, `${route} loads signed-in tools`).toEqual([]);
  }
});

/** The files sw.js precaches (vite-plugin-pwa's injected manifest, without the ones it fetches later). */
function precached(): string[] {
  return precacheUrls(fs.readFileSync(path.join(clientDir, 'sw.js'), 'utf8'));
}

/**
 * Target 150 KB (docs/decisions/022-precache-only-the-shell.md): the worker precaches the shell and the public pages' files only
 * (sw/precache-entries.ts); before, every route's chunk (245 files, 492 KB gzip). What is left is
 * mostly the entry itself (~147 KB) and the public UI chunk (47 KB): 74 files, 258 KB.
 */
// performance round 2: the public chunk without the signed-in pages' icons and UI, split in the firm
// page's part and the other public pages': 84 files, 258.9 KB measured (the entry is 149 of it)
// +1 KB for the entry's growth above: 260.0 KB measured.
// -2.8 KB with the entry: 257.2 KB measured. The worker fills it six files at a time (sw/sw.ts).
// Only the default language's translations (the page hands the worker the files it loaded before the worker
// controlled it, so another language's are kept on first use; sw/precache-entries.ts): 84 files, 257.6 ->
// 68 files, 236.0 KB measured. -3.6 KB with the entry's route tree: 232.4 KB measured (231.7 with the night's others).
// Only the shell is precached (index.html, the entry and its CSS, the favicon, the web manifest: 8 files); the public
// pages' files (59, 77.9 KB: their routes, the layers, the default language's translations) are fetched once the
// worker is active and the page idle, in the background (sw/sw.ts warmPublicPages), and the first page hands the
// worker the files it loaded, its language's translations included (KEEP_PAGE): 68 files 231.9 KB -> 9 files
// 152.0 KB (English `common` still precached) -> 8 files 149.5 KB measured, with the entry at 144.0 KB.
const PRECACHE_BUDGET = 150 * 1024;
/** Signed-in pages' route components: cached by the worker on use, never precached. */
const SIGNED_IN_ROUTE = new RegExp(
  `^src/client/(routes/${SIGNED_IN_NAME}[^?]*\\?tsr-split|locales/[a-z]{2}/(workspace|profile|settings)[\\w-]*\\.json$)`,
);

test('the service worker precaches only the shell, within the budget, and fetches only the public pages’ files after', () => {
  const modules = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'chunk-modules.json'), 'utf8')) as Record<string, string[]>;
  const files = precached();
  const later = laterUrls(fs.readFileSync(path.join(clientDir, 'sw.js'), 'utf8'));
  const leaked = [...files, ...later].flatMap((file) =>
    (modules[file] ?? []).filter((id) => SIGNED_IN_TOOLS.test(id) || SIGNED_IN_ROUTE.test(id)).map((id) => `${id} in ${file}`),
  );
  expect(leaked, 'workspace, editor or signed-in page code in the precache or the files fetched after').toEqual([]);
  // every public page's route chunk is fetched after install (offline reading), none is precached
  const manifest = readManifest();
  const publicRouteFiles = Object.keys(manifest)
    .filter((key) => PUBLIC_ROUTE_FILE.test(key))
    .map((key) => manifest[key].file);
  expect(publicRouteFiles.length).toBeGreaterThan(10);
  expect(
    publicRouteFiles.filter((file) => !later.includes(file)),
    'public route chunks not fetched after install',
  ).toEqual([]);
  expect(
    publicRouteFiles.filter((file) => files.includes(file)),
    'public route chunks precached',
  ).toEqual([]);
  const total = files.reduce((sum, file) => sum + gzipSize(file), 0);
  test.info().annotations.push({ type: 'precache', description: `${files.length} files, ${kb(total)} gzip (target 150 KB)` });
  expect(total, `precache ${kb(total)} gzip in ${files.length} files`).toBeLessThanOrEqual(PRECACHE_BUDGET);
});

test('the service worker precaches the entry chunk and its imports', () => {
  const manifest = readManifest();
  const files = precached();
  for (const file of staticClosure(manifest, [entryKey(manifest)]).files) {
    expect(files, `sw.js precaches ${file}`).toContain(file);
  }
  expect(files).toContain('index.html');
});

/**
 * The till and the kitchen board are workspace tools of their own (a tablet at the counter, a screen in the
 * kitchen): built into chunks that only their workspace pages load, never the entry, a public page or the
 * worker's precache. Named here, so the rule above cannot hold by their having moved out of its pattern.
 */
test('the till and the kitchen board load only in the workspace', () => {
  const manifest = readManifest();
  const modules = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'chunk-modules.json'), 'utf8')) as Record<string, string[]>;
  const publicFiles = new Set([
    ...staticClosure(manifest, [entryKey(manifest)]).files,
    ...Object.keys(manifest)
      .filter((key) => PUBLIC_ROUTE_FILE.test(key))
      .flatMap((route) => staticClosure(manifest, [entryKey(manifest), route]).files),
    ...precached(),
  ]);
  for (const tool of ['src/client/features/workspace/till/till-page.tsx', 'src/client/features/workspace/kitchen/kitchen-page.tsx']) {
    const holders = Object.keys(modules).filter((file) => modules[file].includes(tool));
    expect(holders.length, `${tool} is built`).toBeGreaterThan(0);
    expect(
      holders.filter((file) => publicFiles.has(file)),
      `${tool} in the entry, a public page's files or the precache`,
    ).toEqual([]);
  }
});

/**
 * Payment and checkout code is never in a public page's files. The
 * purchase form (and what only it needs: the checkout request, the friend search, the purchase
 * schema) loads when someone presses 'Get Tickets'; it is still in the build, in a lazy chunk.
 */
test('checkout code is in no public page’s first-load files, only in a lazy chunk', () => {
  const manifest = readManifest();
  const markers = ['/api/user/orders/tickets', 'Idempotency-Key'];
  const lazyHolders = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter(
      (file) => file.endsWith('.js') && markers.some((marker) => fs.readFileSync(path.join(clientDir, file), 'utf8').includes(marker)),
    );
  expect(lazyHolders.length, 'the purchase form is built').toBeGreaterThan(0);
  for (const route of ['src/client/routes/event.$shortId.tsx', 'src/client/routes/$username.tsx', 'src/client/routes/explore.tsx']) {
    const routeChunks = Object.keys(manifest).filter((key) => key.startsWith(route));
    expect(routeChunks.length, `${route} is built`).toBeGreaterThan(0);
    for (const file of staticClosure(manifest, [entryKey(manifest), ...routeChunks]).files) {
      const code = fs.readFileSync(path.join(clientDir, file), 'utf8');
      for (const marker of markers) expect(code.includes(marker), `${route} loads ${file}, which holds "${marker}"`).toBe(false);
    }
  }
});

/**
 * The article editor (Tiptap and ProseMirror under it, about 100 KB gzip) is the workspace blog's
 * alone: it is in the build, but in no public page's files, not even through a shared chunk.
 */
const EDITOR_MODULE = /node_modules\/(@tiptap|prosemirror-)/;

test("the rich-text editor is built, but into no public page's files", () => {
  const manifest = readManifest();
  const modules = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'chunk-modules.json'), 'utf8')) as Record<string, string[]>;
  const holders = Object.keys(modules).filter((file) => modules[file].some((id) => EDITOR_MODULE.test(id)));
  expect(holders.length, 'the editor is built').toBeGreaterThan(0);
  const publicRoutes = Object.keys(manifest).filter((key) => PUBLIC_ROUTE_FILE.test(key));
  for (const route of publicRoutes) {
    const files = staticClosure(manifest, [entryKey(manifest), route]).files;
    expect(
      files.filter((file) => holders.includes(file)),
      `${route} loads the editor`,
    ).toEqual([]);
  }
});

/**
 * The owner's side: what a first visit to a workspace page loads beyond the entry (gzip -9 of each chunk and its static
 * imports), by part. A first load on a mid phone (1.6 Mbps) must be usable within 3 s (tests/bench, section "workspace"),
 * and every 10 KB here is 50 ms of that link. Each budget is a little above the size measured when it was set.
 */
const SIGNED_IN_TREE = 'src/client/route-tree.gen.ts';
const WORKSPACE_FRAME = 'src/client/routes/workspace.tsx?tsr-split=component';
const routeComponent = (file: string) => `src/client/routes/${file}?tsr-split=component`;
const WORKSPACE_BUDGETS = [
  // The signed-in routes' declarations with the public chunks they import (the public pages' query keys, zod) and,
  // since they list their route chunks' JS for the preload helper, those lists: measured 76.3 KB (71.8 KB before the lists).
  { part: 'the signed-in route tree', keys: [SIGNED_IN_TREE], budget: 78 * 1024 },
  // + the workspace layout (selection, navigation, the firm's context): measured 92.6 KB (the layout's own part 16.4 KB)
  { part: 'the workspace frame', keys: [SIGNED_IN_TREE, WORKSPACE_FRAME], budget: 95 * 1024 },
  // + each page: the home 95.2 KB (2.6 KB its own), the orders 96.3 KB (3.7 KB), the menu item editor 109.8 KB (17.2 KB:
  // the catalogue's schemas, the picture upload, the editor's parts)
  { part: 'the workspace home', keys: [SIGNED_IN_TREE, WORKSPACE_FRAME, routeComponent('workspace.home.tsx')], budget: 98 * 1024 },
  { part: 'the orders', keys: [SIGNED_IN_TREE, WORKSPACE_FRAME, routeComponent('workspace.orders.index.tsx')], budget: 99 * 1024 },
  {
    part: 'the menu item editor',
    keys: [SIGNED_IN_TREE, WORKSPACE_FRAME, routeComponent('workspace.menu.item.$itemId.tsx')],
    budget: 112 * 1024,
  },
];

test("the workspace's first load stays within its budgets beyond the entry", () => {
  const manifest = readManifest();
  const entry = staticClosure(manifest, [entryKey(manifest)]);
  for (const { part, keys, budget } of WORKSPACE_BUDGETS) {
    keys.forEach((key) => expect(manifest[key], `${key} is built`).toBeDefined());
    const page = staticClosure(manifest, [entryKey(manifest), ...keys]);
    const beyond = page.js - entry.js;
    test.info().annotations.push({ type: part, description: `${kb(beyond)} gzip beyond the entry in ${page.files.length} files` });
    expect(beyond, `${part}: ${kb(beyond)} gzip beyond the entry (${page.files.join(', ')})`).toBeLessThanOrEqual(budget);
  }
});
