/**
 * Server rendering of the public pages (docs/decisions/006-server-rendered-public-pages.md).
 *
 * Built with Vite's SSR build into dist/ssr/entry-server.js and loaded by src/server/lib/ssr.ts.
 * For one request it makes a fresh QueryClient and router on a memory history, runs the matched
 * routes' loaders (they fill the query cache through `ensureQueryData`, reaching the API
 * in-process: ssr/in-process-fetch.ts), renders the app to a string into the built index.html,
 * and sends along:
 *   - the router's dehydrated state (with the query cache, see router.tsx) as inline scripts
 *     carrying the per-response CSP nonce; src/client/main.tsx hydrates from it;
 *   - the head of the matched routes (ssr/head-tags.ts from their `head()`, lib/page-head.ts);
 *   - the CSS the markup uses (inlined, ssr/inline-styles.ts) and JS (preloaded) of the matched routes, from the
 *     route-id → files map written at build time (ssr/route-assets.ts);
 *   - the language it rendered in (ssr/request-language.ts) and the translation namespaces it
 *     used (ssr/i18n-resources.ts), so the client initialises i18n identically before hydrating;
 * all put together in index.html by ssr/document.ts, and then moves the scripts after the hero
 * image (ssr/deferred-scripts.ts). Head-first: the page's start (charset, viewport, the routes' head
 * with the hero's preload) goes to `onHead` once the loaders have run, before the body is rendered
 * (src/server/lib/head-first.ts sends it at once).
 */
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { attachRouterServerSsrUtils, getSsrStatus } from '@tanstack/react-router/ssr/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './router';
import { NotFoundPage } from './components/layout/not-found-page';
import { namesInOneLanguage } from './lib/one-language-names';
import { renderWithSessionStatus } from './lib/session';
import { renderWithLiteMode } from './lib/network-status';
import { RENDER_LITE_HEADER } from '../shared/render-hints';
import { initialSessionStatus } from '../shared/session-hint';
import { isServerRenderedPath } from '../shared/server-rendered-paths';
import { deferScripts } from './ssr/deferred-scripts';
import { allResources, i18nFor } from './ssr/i18n-resources';
import { requestLanguage } from '../shared/request-language';
import { loadDateLocale } from '../shared/date-locales';
import { LANGUAGES } from '../shared/i18n';
import { withInProcessApi } from './ssr/in-process-fetch';
import { headTags, type HeadMatch } from './ssr/head-tags';
import { inlineStyles, type CssBlock, type ReadAsset } from './ssr/inline-styles';
import { dateLocaleChunkId, routeAssets, translationChunkId, type RouteChunks } from './ssr/route-assets';
import { scriptTag } from './ssr/html';
import { documentHtml, documentStart } from './ssr/document';

export interface RendererOptions {
  /** the built index.html */
  template: string;
  /** dist/ssr/route-chunks.json: each route's built files beyond the entry */
  routeChunks?: RouteChunks;
  /** absolute base of canonical and Open Graph urls */
  publicUrl: string;
  /** the app's own fetch (Hono `app.fetch`): the API calls made while rendering go here */
  fetchApi: (request: Request) => Response | Promise<Response>;
  /** the text of a built file (`/assets/x.css`), to inline the page's CSS */
  readAsset?: ReadAsset;
}

export type RenderResult =
  | { status: number; html: string }
  /** not rendered here: serve the plain client shell (the client renders it) */
  | null;

/**
 * Called once the loaders have run, before React renders the body, with the page's status and its
 * start (ssr/document.ts documentStart: charset, viewport, the routes' head with the hero's preload):
 * the server sends it at once (head-first) and the render waits for the returned promise, so the
 * start is on its way before the thread is busy rendering. The result's html then begins with it.
 */
export type OnHead = (head: { status: number; html: string }) => Promise<void> | void;

export type Render = (request: Request, nonce: string, onHead?: OnHead) => Promise<RenderResult>;

/** Renders repeated because a lazy component was still loading (see below): bounded per process. */
let lazyRetriesLeft = 20;

export function createRenderer(options: RendererOptions): Render {
  const { template, routeChunks, fetchApi } = options;
  const publicUrl = options.publicUrl.replace(/\/$/, '');
  const cssCache = new Map<string, CssBlock[]>();
  if (!/<div id="root"><\/div>/.test(template)) throw new Error('index.html has no empty <div id="root"></div>');
  void allResources();
  const dateLocales = Promise.all(LANGUAGES.map(loadDateLocale));

  return async function render(request, nonce, onHead) {
    // Which paths are rendered: the public pages (shared with the service worker, which keeps them).
    const url = new URL(request.url);
    if (!isServerRenderedPath(url.pathname)) return null;
    const [resources] = await Promise.all([allResources(), dateLocales]);
    const language = requestLanguage(request);
    const i18n = i18nFor(language, resources);

    return withInProcessApi(fetchApi, async () => {
      const queryClient = createQueryClient();
      const router = createAppRouter(queryClient, {
        nonce,
        history: createMemoryHistory({ initialEntries: [url.pathname + url.search] }),
        origin: publicUrl,
        // the taxonomy's names in the page's language (+ English) only: lib/one-language-names.ts
        dehydrateQueries: (state) => namesInOneLanguage(state, language),
        notFoundPage: NotFoundPage,
      });
      attachRouterServerSsrUtils({ router, manifest: undefined });
      const serverSsr = router.serverSsr!;
      try {
        await router.load();
        const status = getSsrStatus(router);
        const matches = router.stores.matches.get();
        // Redirects and failed loaders: the client does the same on its own; serve the shell.
        const serverResult = (router as unknown as { _serverResult?: { type: string } })._serverResult;
        if (serverResult?.type !== 'render' || matches.some((match) => match.status === 'error')) return null;
        // The render is the signed-out view: an item missing from it may be a followers-only one a
        // signed-in reader sees, so they get the shell, whose client asks with their session.
        if (status === 404 && initialSessionStatus(request.headers.get('cookie')) !== 'signedOut') return null;
        // The start of the page leaves now (the hero's preload with it); the rest once rendered.
        const { start, rest } = documentStart(
          template,
          language,
          headTags(
            matches as HeadMatch[],
            publicUrl + (url.pathname === '/' ? '/' : url.pathname.replace(/\/+$/, '')),
            publicUrl,
            i18n.t('meta.description', { ns: 'landing' }),
          ),
        );
        await onHead?.({ status, html: start });

        await serverSsr.dehydrate();
        // Query data is settled (loaders awaited it), so serialisation finishes at once.
        await new Promise((resolve) => setImmediate(resolve));
        const hydration = serverSsr.takeInitialHydrationScriptTags();
        if (!hydration) return null;

        // Signed-out visitors (no session hint, no refresh cookie) get the signed-out pages, e.g. the
        // landing instead of a loading indicator; the client starts from the same cookie.
        const sessionStatus = initialSessionStatus(request.headers.get('cookie'));
        // A signed-in member with lite mode on (the server checked: src/server/app.ts): the small pictures.
        const lite = request.headers.get(RENDER_LITE_HEADER) === '1';
        const renderApp = () =>
          renderWithSessionStatus(sessionStatus, () =>
            renderWithLiteMode(lite, () =>
              renderToString(
                <I18nextProvider i18n={i18n}>
                  <QueryClientProvider client={queryClient}>
                    <RouterProvider router={router} />
                  </QueryClientProvider>
                </I18nextProvider>,
              ),
            ),
          );
        let appHtml = renderApp();
        // A lazy component (the firm's reviews) not loaded yet in this process: renderToString sent its
        // fallback marked for the client to render (<!--$!-->), which hydration reports as an error
        // (React #419) — and the stored page kept it for everyone. Its module is loading: render again
        // once it is there (a few times per process at most).
        while (appHtml.includes('<!--$!-->') && lazyRetriesLeft > 0) {
          lazyRetriesLeft -= 1;
          await new Promise((resolve) => setTimeout(resolve, 20));
          appHtml = renderApp();
        }
        serverSsr.setRenderFinished();
        const usedNamespaces = i18n.reportNamespaces?.getUsedNamespaces() ?? [];

        const assets = routeAssets(routeChunks, [
          ...matches.map((match) => match.routeId),
          ...usedNamespaces.map((namespace) => translationChunkId(language, namespace)),
          dateLocaleChunkId(language),
        ]);
        const styled = inlineStyles(rest, assets.css, options.readAsset, cssCache, appHtml);
        const html = documentHtml({
          start,
          rest: styled.html,
          headExtra: styled.headExtra,
          modules: assets.modules,
          appHtml,
          root: { session: sessionStatus, lang: language, ns: usedNamespaces.join(','), lite },
          scripts: hydration.before.map(scriptTag).join(''),
        });
        const page = deferScripts(html, nonce);
        // what was sent first must be the page's first bytes (deferScripts changes only what follows)
        if (!page.startsWith(start)) throw new Error('the rendered page does not begin with the start sent first');
        return { status, html: page };
      } finally {
        serverSsr.cleanup();
        queryClient.clear();
      }
    });
  };
}
