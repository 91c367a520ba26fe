import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
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
  /** worker threads to render in (RENDER_WORKERS); default `defaultRenderWorkers()` */
  workers?: number;
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
  // React's development build, about three times slower (a profile of cold renders: prop validation, dev
  // element checks). Nothing in the server has imported React before this point. (Workers start with
  // a copy of this environment.)
  process.env.NODE_ENV ??= 'production';
  const data: WorkerData = {
    entry,
    template: fs.readFileSync(templateFile, 'utf8'),
    routeChunks,
    publicUrl: options.publicUrl,
    clientDir: options.clientDir,
  };
  const workers = options.workers ?? defaultRenderWorkers();
  // the worker's own bundle, built beside the server's (src/server/build.mjs); absent when the server runs from source
  const workerFile = fileURLToPath(new URL('./ssr-worker.js', import.meta.url));
  if (workers > 0 && fs.existsSync(workerFile)) {
    options.logger.info({ workers }, 'public pages are rendered in worker threads');
    return renderPool(workerFile, workers, data, options.fetchApi, options.logger);
  }
  return importRenderer(data, options.fetchApi);
}

/**
 * One render worker where the machine has a second core, none on a single core. Measured on a quiet
 * 2-core machine of its own (tests/bench/HISTORY.md, stop 25): one worker
 * took uncached pages from 156-213 req/s to 205-390 (the main thread keeps HTTP, the API and the
 * database; the render runs beside it); a second worker on two cores measured no better than one.
 */
export function defaultRenderWorkers(cores = os.availableParallelism()): number {
  return cores > 1 ? 1 : 0;
}

/** What a render worker needs to load the bundle (lib/ssr-worker.ts). */
export interface WorkerData {
  entry: string;
  template: string;
  routeChunks: unknown;
  publicUrl: string;
  clientDir: string;
}

type RenderResult = Awaited<ReturnType<NonNullable<AppDeps['render']>>>;

/** Messages between the main thread and a render worker. */
export type ToWorker =
  | { kind: 'render'; id: number; url: string; headers: [string, string][]; nonce: string; head: boolean }
  | { kind: 'api'; id: number; status: number; headers: [string, string][]; body: ArrayBuffer };
export type FromWorker =
  | { kind: 'rendered'; id: number; result?: RenderResult; error?: string }
  | { kind: 'head'; id: number; status: number; html: string }
  | { kind: 'api'; id: number; url: string; method: string; headers: [string, string][]; body?: ArrayBuffer };

/** The bundle's renderer for this thread, reaching the API through `fetchApi`. */
export async function importRenderer(
  data: WorkerData,
  fetchApi: (request: Request) => Response | Promise<Response>,
): Promise<NonNullable<AppDeps['render']>> {
  const module = (await import(pathToFileURL(data.entry).href)) as RendererModule;
  return module.createRenderer({
    template: data.template,
    routeChunks: data.routeChunks,
    publicUrl: data.publicUrl,
    fetchApi,
    // the page's CSS is inlined into server-rendered HTML (read once, kept by the renderer)
    readAsset: (urlPath) => {
      const file = path.join(data.clientDir, path.normalize(urlPath).replace(/^(\.\.[/\\])+/, ''));
      return file.startsWith(data.clientDir) && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
    },
  });
}

/**
 * Renders in `size` worker threads (one thread rendered every page while the machine's
 * other cores idled). Each page goes to the worker with the fewest pages in hand. The main thread
 * keeps the HTTP server, the API, the database, the caches and compression; a worker's API calls come
 * back here (in-process, as before) and their answers go back to it. A worker that dies fails its
 * pages (the app serves them the client shell) and is replaced.
 */
function renderPool(
  workerFile: string,
  size: number,
  data: WorkerData,
  fetchApi: (request: Request) => Response | Promise<Response>,
  logger: Logger,
): NonNullable<AppDeps['render']> {
  interface Slot {
    worker: Worker;
    pages: Map<
      number,
      { resolve: (result: RenderResult) => void; reject: (error: Error) => void; onHead?: Parameters<NonNullable<AppDeps['render']>>[2] }
    >;
  }
  let nextId = 0;
  const slots: Slot[] = [];

  async function answerApi(slot: Slot, message: Extract<FromWorker, { kind: 'api' }>) {
    let reply: ToWorker;
    try {
      const response = await fetchApi(new Request(message.url, { method: message.method, headers: message.headers, body: message.body }));
      reply = { kind: 'api', id: message.id, status: response.status, headers: [...response.headers], body: await response.arrayBuffer() };
    } catch (error) {
      logger.error({ err: error, url: message.url }, 'an API call of a render worker failed');
      reply = { kind: 'api', id: message.id, status: 500, headers: [], body: new ArrayBuffer(0) };
    }
    slot.worker.postMessage(reply, [reply.body]);
  }

  function start(index: number) {
    const slot: Slot = { worker: new Worker(workerFile, { workerData: data }), pages: new Map() };
    slot.worker.unref();
    slot.worker.on('message', (message: FromWorker) => {
      if (message.kind === 'api') return void answerApi(slot, message);
      // the worker renders on while the start goes out: nothing to wait for
      if (message.kind === 'head') return void slot.pages.get(message.id)?.onHead?.({ status: message.status, html: message.html });
      const page = slot.pages.get(message.id);
      slot.pages.delete(message.id);
      if (message.error !== undefined) page?.reject(new Error(message.error));
      else page?.resolve(message.result ?? null);
    });
    const fail = (error: Error) => {
      if (slots[index] !== slot) return;
      logger.error({ err: error }, 'a render worker stopped; starting another');
      for (const page of slot.pages.values()) page.reject(error);
      start(index);
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => fail(new Error(`render worker exited (${code})`)));
    slots[index] = slot;
  }
  for (let index = 0; index < size; index++) start(index);

  return (request, nonce, onHead) => {
    const slot = slots.reduce((least, candidate) => (candidate.pages.size < least.pages.size ? candidate : least));
    const id = nextId++;
    return new Promise<RenderResult>((resolve, reject) => {
      slot.pages.set(id, { resolve, reject, onHead });
      const message: ToWorker = { kind: 'render', id, url: request.url, headers: [...request.headers], nonce, head: onHead !== undefined };
      slot.worker.postMessage(message);
    });
  };
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
