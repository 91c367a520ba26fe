/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { existsSync, readFileSync } from 'node:fs';
import { dedupePrecacheEntries, publicPrecacheEntries, type BuildChunk } from './sw/precache-entries.js';
import { routeChunksPlugin } from './src/client/ssr/route-chunks-plugin.js';
import { chunkModulesPlugin } from './src/client/ssr/chunk-modules-plugin.js';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

/** The file routes (the same as `npm run routes`, src/client/generate-route-tree.mjs). */
const ROUTER_OPTIONS = {
  target: 'react',
  routesDirectory: './src/client/routes',
  generatedRouteTree: './src/client/route-tree.gen.ts',
  quoteStyle: 'single',
} as const;
const CLIENT_OUT_DIR = 'dist/client';

/** The client build's manifest (written before the worker is built), or undefined. */
function readBuildManifest(): Record<string, BuildChunk> | undefined {
  const file = `${CLIENT_OUT_DIR}/.vite/manifest.json`;
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, BuildChunk>) : undefined;
}

const THEME_COLOR = '#0f766e';
const BACKGROUND_COLOR = '#f7f5f0';

/**
 * What the public pages (firm, event, blog, explore) render, beyond the entry: one lazy chunk. The
 * shared UI but for the content pages' own (components/content: landing and information pages), and
 * but for what loads after a page is live (the layers above the page, the signed-in bell).
 */
const PUBLIC_UI =
  /\/src\/client\/(features\/(explore|events|blog|firms|menus|products|saved)|components\/(ui|layout|feedback)\/(?!layers\.|notification-bell\.)|routes\/-(explore|firm)\/)|node_modules\/(@tanstack\/react-query|date-fns|lucide-react)\//;

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(version) },
  build: {
    outDir: CLIENT_OUT_DIR,
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: true,
    modulePreload: { polyfill: false },
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
            { name: 'vendor', tags: ['$initial'], test: /node_modules/ },
            // not main.tsx itself: it must stay the entry chunk that index.html loads
            { name: 'app', tags: ['$initial'], test: /\/src\/(shared|client\/(?!main\.tsx))/ },
            { name: 'public', test: PUBLIC_UI },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8081', '/media': 'http://localhost:8081' },
  },
  plugins: [
    // The router plugin must come before react() (it generates the route tree and splits routes).
    tanstackRouter({ ...ROUTER_OPTIONS, autoCodeSplitting: true }),
    react(),
    // `vite build --ssr` only: dist/ssr/route-chunks.json, each route's chunks for the server renderer
    routeChunksPlugin({ routerOptions: ROUTER_OPTIONS, clientOutDir: CLIENT_OUT_DIR }),
    // the client build's files → their source modules (tests/e2e/budget.spec.ts)
    chunkModulesPlugin(),
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
          // only the public pages' files (issue 15 item 5); the rest is cached by the worker on use
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
