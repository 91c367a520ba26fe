import { AsyncLocalStorage } from 'node:async_hooks';

type FetchApi = (request: Request) => Response | Promise<Response>;

const apiContext = new AsyncLocalStorage<FetchApi>();
let fetchPatched = false;

/**
 * Runs `render` with the API reached in-process: a relative `fetch('/api/...')` made meanwhile (the
 * routes' loaders, through lib/api-client.ts) goes to `fetchApi` (the Hono app), anonymously and
 * marked `x-ssr` (server-rendered HTML is the public view; the signed-in parts come after
 * hydration). Other fetches go to the network as usual.
 */
export function withInProcessApi<T>(fetchApi: FetchApi, render: () => Promise<T>): Promise<T> {
  patchFetch();
  return apiContext.run(fetchApi, render);
}

function patchFetch(): void {
  if (fetchPatched) return;
  fetchPatched = true;
  const networkFetch = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const fetchApi = apiContext.getStore();
    if (fetchApi && typeof input === 'string' && input.startsWith('/')) {
      const headers = new Headers(init?.headers);
      headers.set('x-ssr', '1');
      return Promise.resolve(fetchApi(new Request(`http://ssr.internal${input}`, { ...init, headers, credentials: undefined })));
    }
    return networkFetch(input, init);
  };
}
