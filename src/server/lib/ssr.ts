import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppDeps } from '../app-deps';
import type { Logger } from './logger';

interface RendererModule {
  createRenderer(options: {
    template: string;
    manifest?: unknown;
    publicUrl: string;
    fetchApi: (request: Request) => Response | Promise<Response>;
    readAsset?: (urlPath: string) => string | undefined;
  }): NonNullable<AppDeps['render']>;
}

/**
 * Loads the server-rendering bundle (dist/ssr/entry-server.js, built by `npm run build:ssr`) for
 * the client build in `clientDir`. Without either, the server keeps serving the client shell.
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
  const manifestFile = path.join(options.clientDir, '.vite', 'manifest.json');
  const manifest = fs.existsSync(manifestFile) ? JSON.parse(fs.readFileSync(manifestFile, 'utf8')) : undefined;
  const module = (await import(pathToFileURL(entry).href)) as RendererModule;
  return module.createRenderer({
    template: fs.readFileSync(templateFile, 'utf8'),
    manifest,
    publicUrl: options.publicUrl,
    fetchApi: options.fetchApi,
    // the page's CSS is inlined into server-rendered HTML (read once, kept by the renderer)
    readAsset: (urlPath) => {
      const file = path.join(options.clientDir, path.normalize(urlPath).replace(/^(\.\.[/\\])+/, ''));
      return file.startsWith(options.clientDir) && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
    },
  });
}
