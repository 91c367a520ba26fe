/**
 * A render worker (lib/ssr.ts, `RENDER_WORKERS`): loads the server-rendering bundle in a worker
 * thread and renders the pages the main thread sends it. The API calls a render makes (its routes'
 * loaders) go back to the main thread, which owns the database and the caches, and their answers
 * come back here: the worker only renders.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { importRenderer, type FromWorker, type ToWorker, type WorkerData } from './ssr';

const port = parentPort!;
const pending = new Map<number, (response: Response) => void>();
let nextId = 0;

async function fetchApi(request: Request): Promise<Response> {
  const id = nextId++;
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  const answer = new Promise<Response>((resolve) => pending.set(id, resolve));
  const message: FromWorker = { kind: 'api', id, url: request.url, method: request.method, headers: [...request.headers], body };
  port.postMessage(message, body ? [body] : []);
  return answer;
}

const rendererReady = importRenderer(workerData as WorkerData, fetchApi);

port.on('message', (message: ToWorker) => {
  if (message.kind === 'api') {
    const resolve = pending.get(message.id);
    pending.delete(message.id);
    resolve?.(new Response(message.body.byteLength ? message.body : null, { status: message.status, headers: message.headers }));
    return;
  }
  void (async () => {
    let reply: FromWorker;
    try {
      const render = await rendererReady;
      // head-first: the start goes to the main thread, which sends it while this thread renders on
      const onHead = message.head
        ? (head: { status: number; html: string }) => port.postMessage({ kind: 'head', id: message.id, ...head } satisfies FromWorker)
        : undefined;
      const result = await render(new Request(message.url, { headers: message.headers }), message.nonce, onHead);
      reply = { kind: 'rendered', id: message.id, result };
    } catch (error) {
      reply = { kind: 'rendered', id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(reply);
  })();
});
