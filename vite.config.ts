/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter, tanstackRouterGenerator } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { dedupePrecacheEntries, PUBLIC_LAZY, PUBLIC_ROUTE_FILE, publicPrecacheEntries, type BuildChunk } from './sw/precache-entries.js';
import { routeChunksPlugin } from './src/client/ssr/route-chunks-plugin.js';
import { chunkModulesPlugin } from './src/client/ssr/chunk-modules-plugin.js';
import { SIGNED_IN_NAME, SIGNED_IN_ROUTE_FILE_PATTERN } from './src/client/signed-in-sections.js';
import { inlineScriptsPlugin } from './src/client/ssr/inline-scripts-plugin.js';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

/** The file routes (the same as `npm run routes`, src/client/generate-route-tree.mjs). */
const ROUTER_OPTIONS = {
  target: 'react',
  routesDirectory: './src/client/routes',
  generatedRouteTree: './src/client/route-tree.gen.ts',
  quoteStyle: 'single',
} as const;
/**
 * The route tree the entry carries: every route but the signed-in sections' (src/client/signed-in-sections.ts), whose ~60 declarations were 4.6 KB gzip of every visitor's entry. They load
 * with the whole tree (route-tree.gen.ts) on the first visit to such a page (src/client/router.tsx).
 */
const PUBLIC_ROUTER_OPTIONS = {
  ...ROUTER_OPTIONS,
  generatedRouteTree: './src/client/public-route-tree.gen.ts',
  routeFileIgnorePattern: SIGNED_IN_ROUTE_FILE_PATTERN,
} as const;
const CLIENT_OUT_DIR = 'dist/client';
/** The whole tree and the signed-in routes' declaration modules (not their split components: `?tsr-split=…`). */
const SIGNED_IN_ROUTE_DECLARATION = new RegExp(`/src/client/(route-tree\\.gen\\.ts|routes/${SIGNED_IN_NAME}[._][^?]*)$`);

/** The client build's manifest (written before the worker is built), or undefined. */
function readBuildManifest(): Record<string, BuildChunk> | undefined {
  const file = `${CLIENT_OUT_DIR}/.vite/manifest.json`;
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, BuildChunk>) : undefined;
}

/**
 * The signed-in pages' route chunks (src/client/signed-in-sections.ts). Vite's preload helper lists, for each lazy
 * import, all the files the imported chunk needs, in the chunk that imports it. The entry (every visitor's) lists only
 * their CSS: the lists of the ~60 signed-in routes were 2 KB gzip there. The signed-in routes' declarations, out
 * of the entry (signed-in-routes), list their JS too: without the list a route's chunk was fetched, then the
 * files it imports, then theirs (a round trip each, after its CSS), on every first visit to a workspace page.
 */
const SIGNED_IN_CHUNK = new RegExp(`^assets/${SIGNED_IN_NAME}[.-]`);
/**
 * The entry's own chunks (index.html's script and what it imports statically): loaded before any lazy import runs, so
 * listing them in every lazy import's preload list (vite's `__vite__mapDeps`) only adds bytes to the entry.
 */
const ENTRY_CHUNK = /^assets\/(index|app|vendor|rolldown-runtime)-[\w-]{8}\.js$/;
const THEME_COLOR = '#0f766e';
const BACKGROUND_COLOR = '#f7f5f0';

/**
 * What the public pages (firm, event, blog, explore) render, beyond the entry: one lazy chunk. The
 * shared UI but for the content pages' own (components/content: landing and information pages), and
 * but for what loads after a page is live (the layers above the page, the signed-in bell). With it the query keys
 * that are not the public pages' (lib/query-keys.ts; the entry has lib/public-query-keys.ts): the firm page's follow
 * and save buttons use them, and left to the bundler they went with the signed-in routes' chunk, which the firm
 * page then loaded whole.
 */
const PUBLIC_UI =
  /\/src\/client\/(features\/(explore|events|blog|firms|menus|products|saved)|components\/(ui|layout|feedback)\/(?!layers\.|notification-bell\.)|routes\/-(explore|firm)\/|lib\/query-keys\.ts$)|node_modules\/(@tanstack\/react-query|date-fns|lucide-react)\//;

interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[]; dynamicImporters: readonly string[]; code: string | null } | null;
}
const LUCIDE_ICON = /node_modules\/lucide-react\/dist\/esm\/icons\/[\w-]+\.mjs$/;
/**
 * lucide-react's icon modules on the app's own createLucideIcon (src/client/components/ui/lucide-icon.ts, which says
 * what it leaves out), without the keys of their node lists (the nodes' places are their keys there): lucide's
 * runtime and the keys were ~1 KB gzip of every visitor's entry. In the server's build as well
 * (`ssr.noExternal`), so the server renders the same SVG the browser hydrates.
 */
function lucideIcons(): Plugin {
  const createLucideIcon = path.resolve('src/client/components/ui/lucide-icon.ts');
  return {
    name: 'souk:lucide-icons',
    enforce: 'pre',
    resolveId: (source, importer) =>
      source === '../createLucideIcon.mjs' && importer && LUCIDE_ICON.test(importer) ? createLucideIcon : null,
    transform: (code, id) => (LUCIDE_ICON.test(id) ? code.replace(/,\s*key:\s*"[^"]*"/g, '') : null),
  };
}
const LUCIDE_BARREL = /node_modules\/lucide-react\/dist\/esm\/lucide-react\.mjs$/;

/** The names a module imports from 'lucide-react' (`import { Search, X as Close } from 'lucide-react'`). */
function lucideImports(code: string | null): string[] {
  return [...(code ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)].flatMap((m) =>
    m[1].split(',').map((name) => name.trim().split(/\s+as\s+/)[0]),
  );
}

/**
 * Whether a public page's route imports the module (statically, through any chain): only those go to
 * the public chunk. Icons, UI pieces and libraries that only the workspace or the profile pages use
 * stay out of it (the shared chunk once held every lucide icon and components/ui module used
 * anywhere); they go to a chunk of their own, loaded with those pages. A module a
 * public page loads lazily (a dynamic import) is not "imported" here unless `lazily`. Every icon is imported by
 * lucide's index, so an icon counts by the names the public modules import from 'lucide-react'.
 */
function importedByRoutes(graph: ModuleGraph, routeFile: RegExp, { lazily = false } = {}) {
  const memo = new Map<string, boolean>();
  let iconNames: Map<string, string[]> | undefined;
  /** icon file → the names lucide's index exports it as (`Calculator`, `CalculatorIcon`, …) */
  const namesOf = (iconId: string, barrelId: string) => {
    if (!iconNames) {
      iconNames = new Map();
      const code = graph.getModuleInfo(barrelId)?.code ?? '';
      for (const m of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']\.\/icons\/([\w-]+)\.mjs["']/g)) {
        iconNames.set(
          m[2],
          [...m[1].matchAll(/default as (\w+)/g)].map((n) => n[1]),
        );
      }
    }
    return iconNames.get(path.basename(iconId, '.mjs')) ?? [];
  };
  const reaches = (id: string): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    memo.set(id, false); // an import cycle: decided by the other importers
    const file = path.relative(process.cwd(), id.split('?')[0]);
    const info = graph.getModuleInfo(id);
    const importers = [...(info?.importers ?? []), ...(lazily ? (info?.dynamicImporters ?? []) : [])];
    let result = routeFile.test(file);
    for (const importer of importers) {
      if (result) break;
      if (LUCIDE_ICON.test(id) && LUCIDE_BARREL.test(importer)) {
        const names = namesOf(id, importer);
        result = (graph.getModuleInfo(importer)?.importers ?? []).some(
          (user) => lucideImports(graph.getModuleInfo(user)?.code ?? null).some((name) => names.includes(name)) && reaches(user),
        );
      } else result = reaches(importer);
    }
    memo.set(id, result);
    return result;
  };
  return reaches;
}
/** The firm page (the QR landing): the public chunk is what it imports; the other public pages' own part is beside it. */
const FIRM_ROUTE_FILE = /^src\/client\/routes\/\$username\./;
const chunkOf = new WeakMap<ModuleGraph, (id: string) => string | null>();
function publicChunkName(id: string, graph: ModuleGraph): string | null {
  if (!chunkOf.has(graph)) {
    const firm = importedByRoutes(graph, FIRM_ROUTE_FILE);
    const publicPage = importedByRoutes(graph, PUBLIC_ROUTE_FILE);
    const publicLater = importedByRoutes(graph, new RegExp(`${PUBLIC_ROUTE_FILE.source}|${PUBLIC_LAZY.source}`), { lazily: true });
    // What public pages load later (the layers above the page, the install button, the reviews section, a
    // language's date names, the purchase form): with what loads it (the bundler's own chunks), not with
    // the signed-in pages' UI.
    chunkOf.set(graph, (moduleId) =>
      firm(moduleId) ? 'public' : publicPage(moduleId) ? 'public-pages' : publicLater(moduleId) ? null : 'signed-in-ui',
    );
  }
  return chunkOf.get(graph)!(id);
}

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(version) },
  css: {
    modules: {
      // postcss-modules' default `_name_hash_line` without the line: a local name is unique in its file and
      // the hash is of the file's CSS, so `_name_hash` is as unique; every class in the HTML and the inline
      // CSS is 3-4 characters shorter (0.2 KB of the firm page's brotli bytes)
      generateScopedName: (name: string, _file: string, css: string) =>
        `_${name}_${createHash('sha1').update(css).digest('base64url').slice(0, 5)}`,
    },
  },
  build: {
    outDir: CLIENT_OUT_DIR,
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: true,
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps, { hostId, hostType }) =>
        hostType === 'js' && SIGNED_IN_CHUNK.test(file) && ENTRY_CHUNK.test(hostId)
          ? deps.filter((dep) => dep.endsWith('.css'))
          : deps.filter((dep) => hostType !== 'js' || !ENTRY_CHUNK.test(dep)),
    },
    reportCompressedSize: false,
    // .vite/manifest.json: the server-rendering build maps each route to its CSS and JS chunks
    // from it (src/client/ssr/route-chunks-plugin.ts), and the size budget test reads the public
    // entry from it.
    manifest: true,
    rolldownOptions: {
      output: {
        // On a slow link every file costs a round trip (HTTP/1.1: six at a time), so the public
        // pages load a handful of files instead of eighty small chunks: the entry's libraries, the
        // entry's app code, and one chunk with the UI every public page shares. Route components,
        // forms (with zod) and the signed-in pages stay in their own lazy chunks.
        codeSplitting: {
          groups: [
            { name: 'vendor', tags: ['$initial'], test: /node_modules/, priority: 3 },
            // not main.tsx itself: it must stay the entry chunk that index.html loads
            { name: 'app', tags: ['$initial'], test: /\/src\/(shared|client\/(?!main\.tsx))/, priority: 3 },
            // The whole route tree, loaded on the first visit to a signed-in page (src/client/router.tsx), with the
            // signed-in routes' declarations in one file (not the route chunks they share with their components).
            { name: 'signed-in-routes', test: SIGNED_IN_ROUTE_DECLARATION },
            {
              name: (id, ctx) => publicChunkName(id, ctx),
              test: PUBLIC_UI,
              priority: 2,
            },
          ],
        },
      },
    },
  },
  resolve: {
    alias: [
      // React 19 has useSyncExternalStore: the shims for React 16/17 (react-i18next, the router's store) were
      // 0.5 KB gzip of the entry. The same API, React's own implementation.
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
    ],
  },
  // lucideIcons (below) applies to the server's build only if lucide-react is bundled into it
  ssr: { noExternal: ['lucide-react'] },
  server: {
    proxy: { '/api': 'http://localhost:8081', '/media': 'http://localhost:8081' },
  },
  plugins: [
    // The router plugin must come before react() (it generates the route tree and splits routes).
    tanstackRouter({ ...ROUTER_OPTIONS, autoCodeSplitting: true }),
    tanstackRouterGenerator(PUBLIC_ROUTER_OPTIONS),
    react(),
    lucideIcons(),
    // `vite build --ssr` only: dist/ssr/route-chunks.json, each route's chunks for the server renderer
    routeChunksPlugin({ routerOptions: ROUTER_OPTIONS, clientOutDir: CLIENT_OUT_DIR }),
    // the client build's files → their source modules (tests/e2e/budget.spec.ts)
    chunkModulesPlugin(),
    // `vite build --ssr` only: the functions written into every page as inline scripts, minified
    inlineScriptsPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // A tiny inline script registers /sw.js on `load` (the server's CSP hashes inline scripts);
      // src/client/lib/service-worker.ts only watches for a waiting update.
      injectRegister: 'inline',
      registerType: 'prompt',
      manifestFilename: 'manifest.webmanifest',
      // The glob below already takes the icons and the favicon; the plugin adds the manifest itself.
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        globIgnores: ['**/og-*.png', 'sw.js'],
        maximumFileSizeToCacheInBytes: 600_000,
        manifestTransforms: [
          (entries) => dedupePrecacheEntries(entries),
          // only the public pages' files; the rest is cached by the worker on use
          (entries) => ({ manifest: publicPrecacheEntries(entries, readBuildManifest()), warnings: [] }),
        ],
      },
      manifest: {
        id: '/',
        name: 'Souk — local businesses, menus and events',
        short_name: 'Souk',
        description: 'Menus, shops, events and stories from the local businesses around you.',
        lang: 'en',
        start_url: '/explore?source=pwa',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        categories: ['shopping', 'food', 'lifestyle'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          {
            name: 'Explore',
            short_name: 'Explore',
            url: '/explore?source=shortcut',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
          },
          {
            name: 'Events',
            short_name: 'Events',
            url: '/events?source=shortcut',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
          },
          {
            name: 'Profile',
            short_name: 'Profile',
            url: '/profile?source=shortcut',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  test: {
    // a test file per core: vitest's own default outside watch mode is one fewer, which on a two-core machine ran the
    // whole suite one file at a time
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}', 'src/shared/**/*.test.ts', 'sw/**/*.test.ts'],
          setupFiles: ['src/client/test-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts'],
          // the migrations run once, on the database every test context starts from a copy of
          globalSetup: ['src/server/testing/migrated-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
