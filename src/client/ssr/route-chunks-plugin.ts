/**
 * Build time only (imported by vite.config.ts, never by the app): the route-id → built files map
 * the server renderer reads (route-assets.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { Generator, getConfig, type Config } from '@tanstack/router-generator';
import { dateLocaleChunkId, translationChunkId, type RouteChunks } from './route-assets';
import { DATE_LOCALE_FILES } from '../../shared/date-locales';

/** The file the map is written to, next to the server-rendering bundle (read by src/server/lib/ssr.ts). */
export const ROUTE_CHUNKS_FILE = 'route-chunks.json';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

const TRANSLATION_FILE = /^src\/client\/locales\/([\w-]+)\/([\w-]+)\.json$/;

/**
 * For each route id, what its route file adds to the entry: its chunks (the file's own, and the
 * router plugin's `?tsr-split` chunks of its component) and what they import statically, less
 * what the entry already loads, as absolute urls. `filesById`: route id → route file, relative to
 * the root (src/client/routes/x.tsx). The same for each translation file and date locale, by the ids of
 * route-assets.ts: the entry imports them once it runs, a round trip too late unless the page preloads them.
 */
export function routeChunks(manifest: ViteManifest, filesById: Map<string, string>): RouteChunks {
  const collect = (key: string, into: { js: string[]; css: string[] }, seen: Set<string>): void => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    into.js.push('/' + chunk.file);
    for (const css of chunk.css ?? []) into.css.push('/' + css);
    for (const imported of chunk.imports ?? []) collect(imported, into, seen);
  };
  // what the entry already loads is already in index.html
  const inEntry = new Set<string>();
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (entryKey) collect(entryKey, { js: [], css: [] }, inEntry);

  const out: RouteChunks = {};
  for (const [routeId, file] of filesById) {
    const assets = { js: [] as string[], css: [] as string[] };
    const seen = new Set(inEntry);
    for (const key of Object.keys(manifest)) {
      const [keyPath, query] = key.split('?');
      if (keyPath === file && (query === undefined || query.startsWith('tsr-split'))) collect(key, assets, seen);
    }
    if (assets.js.length > 0 || assets.css.length > 0) out[routeId] = assets;
  }
  const dynamicImport = (id: string, key: string) => {
    const assets = { js: [] as string[], css: [] as string[] };
    collect(key, assets, new Set(inEntry));
    if (assets.js.length > 0) out[id] = assets;
  };
  for (const key of Object.keys(manifest)) {
    const translation = TRANSLATION_FILE.exec(key);
    if (translation) dynamicImport(translationChunkId(translation[1], translation[2]), key);
  }
  for (const [language, file] of Object.entries(DATE_LOCALE_FILES)) {
    dynamicImport(dateLocaleChunkId(language), `node_modules/date-fns/locale/${file}.js`);
  }
  return out;
}

/** Route id → route file (relative to `root`), from the router's own generator, as the route tree has them. */
export async function routeFilesById(routerOptions: Partial<Config>, root: string): Promise<Map<string, string>> {
  const generator = new Generator({ config: getConfig(routerOptions, root), root });
  // writes the route tree only when it differs (the router plugin has just written it)
  await generator.run();
  const files = new Map<string, string>();
  for (const [file, { routeId }] of generator.getRoutesByFileMap()) {
    files.set(routeId, path.relative(root, file).split(path.sep).join('/'));
  }
  return files;
}

/**
 * In the server-rendering build (`vite build --ssr`, after the client build): reads the client's
 * Vite manifest and writes `route-chunks.json` beside the bundle.
 */
export function routeChunksPlugin(options: { routerOptions: Partial<Config>; clientOutDir: string }): Plugin {
  let root = process.cwd();
  return {
    name: 'souk:route-chunks',
    apply: (_config, env) => env.command === 'build' && Boolean(env.isSsrBuild),
    configResolved(config) {
      root = config.root;
    },
    async generateBundle() {
      const manifestFile = path.resolve(root, options.clientOutDir, '.vite', 'manifest.json');
      if (!fs.existsSync(manifestFile)) this.error(`${manifestFile} is missing: build the client first (npm run build)`);
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ViteManifest;
      const map = routeChunks(manifest, await routeFilesById(options.routerOptions, root));
      this.emitFile({ type: 'asset', fileName: ROUTE_CHUNKS_FILE, source: JSON.stringify(map) });
    },
  };
}
