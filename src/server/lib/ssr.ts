import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppDeps } from '../app-deps';
import type { Logger } from './logger';

interface RendererModule {
  createRenderer(options: {
    template: string;
    routeChunks?: unknown;
    publicUrl: string;
    fetchApi: (request: Request) => Response | Promise<Response>;
    readAsset?: (urlPath: string) => string | undefined;
  }): NonNullable<AppDeps['render']>;
}

/**
 * Written by the server-rendering build beside its bundle (src/client/ssr/route-chunks-plugin.ts):
 * each route's built CSS and JS beyond the entry, by route id.
 */
const ROUTE_CHUNKS_FILE = 'route-chunks.json';

/**
 * Loads the server-rendering bundle (dist/ssr/entry-server.js, built by `npm run build:ssr`,
 * src/client/entry-server.tsx) for the client build in `clientDir`. Without either, the server
 * keeps serving the client shell.
 */
export async function loadServerRenderer(options: {
  ssrDir: string;
  clientDir: string;
  publicUrl: string;
  fetchApi: (request: Request) => Response | Promise<Response>;
  logger: Logger;
}): Promise<AppDeps['render']> {
  const entry = path.join(options.ssrDir, 'entry-server.js');
  const templateFile = path.join(options.clientDir, 'index.html');
  if (!fs.existsSync(entry) || !fs.existsSync(templateFile)) {
    options.logger.warn({ entry }, 'no server-rendering bundle: public pages are rendered in the browser only');
    return undefined;
  }
  const routeChunksFile = path.join(options.ssrDir, ROUTE_CHUNKS_FILE);
  const routeChunks = fs.existsSync(routeChunksFile) ? JSON.parse(fs.readFileSync(routeChunksFile, 'utf8')) : undefined;
  if (!sameBuild(entry, options.clientDir)) {
    options.logger.warn({ entry, clientDir: options.clientDir }, 'the server-rendering bundle is not from this client build: not used');
    return undefined;
  }
  // The bundle is a production build, but React (external, from node_modules) picks its build from
  // NODE_ENV when first imported, and nothing set it where Souk runs: every page was rendered by
  // React's development build, about three times slower (issue 15's profile: prop validation, dev
  // element checks). Nothing in the server has imported React before this point.
  process.env.NODE_ENV ??= 'production';
  const module = (await import(pathToFileURL(entry).href)) as RendererModule;
  return module.createRenderer({
    template: fs.readFileSync(templateFile, 'utf8'),
    routeChunks,
    publicUrl: options.publicUrl,
    fetchApi: options.fetchApi,
    // the page's CSS is inlined into server-rendered HTML (read once, kept by the renderer)
    readAsset: (urlPath) => {
      const file = path.join(options.clientDir, path.normalize(urlPath).replace(/^(\.\.[/\\])+/, ''));
      return file.startsWith(options.clientDir) && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
    },
  });
}

/**
 * Server HTML from another build than the client's would carry other CSS class names and chunk
 * names (a broken page, a failed hydration). CSS module class names hash the sources, so one
 * that the bundle renders must appear in the client's CSS.
 */
function sameBuild(entry: string, clientDir: string): boolean {
  const bundle = fs.readFileSync(entry, 'utf8');
  const names = [...new Set(bundle.match(/"_[A-Za-z][A-Za-z0-9]*_[a-z0-9]{5}_\d+"/g) ?? [])].slice(0, 20);
  if (names.length === 0) return true;
  const assets = path.join(clientDir, 'assets');
  if (!fs.existsSync(assets)) return false;
  const css = fs
    .readdirSync(assets)
    .filter((file) => file.endsWith('.css'))
    .map((file) => fs.readFileSync(path.join(assets, file), 'utf8'))
    .join('\n');
  return names.every((name) => css.includes(name.slice(1, -1)));
}
