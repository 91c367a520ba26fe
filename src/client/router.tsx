import { lazy, Suspense, type ComponentType } from 'react';
import { createRouter, redirect, type ErrorComponentProps, type RouterHistory } from '@tanstack/react-router';
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { routeTree as publicRouteTree } from './public-route-tree.gen';
import type { routeTree } from './route-tree.gen';
import { PageSpinner } from './components/feedback/page-spinner';
import { isLiteMode } from './lib/network-status';
import { i18next } from './lib/i18n';
import { rememberTrimmedQueries } from './lib/one-language-names';
import { compactQueries, expandQueries, type SentQueries } from './lib/dehydrated-queries';
import { SIGNED_IN_PATH } from './signed-in-sections';
import { whenIdle } from './lib/when-idle';
import { initialSessionStatus } from '../shared/session-hint';

export interface RouterContext {
  queryClient: QueryClient;
}

export interface AppRouterOptions {
  /** SSR: the per-response CSP nonce the router puts on its inline scripts */
  nonce?: string;
  /** SSR: a memory history on the requested url */
  history?: RouterHistory;
  /** SSR: the public origin */
  origin?: string;
  /** SSR: what the query cache's dehydrated state becomes before it is sent (lib/one-language-names.ts) */
  dehydrateQueries?: (state: DehydratedState) => { state: DehydratedState; trimmed: string[] };
  /** SSR: the 404 page, rendered at once (the client loads it lazily) */
  notFoundPage?: ComponentType;
}

/*
 * The signed-in sections (SIGNED_IN_PATH: signed-in-sections.ts). Their ~60 route declarations are not
 * in the entry (public-route-tree.gen.ts; 4.6 KB gzip of every visitor's entry): the first
 * navigation to one of them (or a preload on intent) loads the whole tree (route-tree.gen.ts), rebuilds the
 * router's routes and starts the same navigation again. The server renders only public pages
 * (src/shared/server-rendered-paths.ts), so it never needs them.
 */

type AppRouter = ReturnType<typeof createRouterWithTree>;

/**
 * The route error page is not in the entry: it loads once the page is idle (createAppRouter), so it
 * is there before any error, offline too; the worker keeps its file with the public pages' (sw/precache-entries.ts,
 * PUBLIC_LAZY). An error before that waits for it under the page spinner.
 */
const loadRouteErrorPage = () => import('./components/layout/route-error-page');
const LazyRouteErrorPage = lazy(() => loadRouteErrorPage().then((module) => ({ default: module.RouteErrorPage })));
function RouteError(props: ErrorComponentProps) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <LazyRouteErrorPage {...props} />
    </Suspense>
  );
}

/**
 * The 404 page is not in the client's entry: it loads once the page is idle, like the route error
 * page. It is in the public chunk (the firm page renders it too), which the public pages load anyway and the worker
 * keeps for them (sw/precache-entries.ts), so it is there offline. The server passes it in (entry-server.tsx) and
 * renders it in the same Suspense boundary: hydrating a server-rendered 404 keeps the server's HTML while it loads.
 */
const loadNotFoundPage = () => import('./components/layout/not-found-page');
const LazyNotFoundPage = lazy(() => loadNotFoundPage().then((module) => ({ default: module.NotFoundPage })));

function createRouterWithTree(queryClient: QueryClient, options: AppRouterOptions) {
  const Page = options.notFoundPage ?? LazyNotFoundPage;
  const NotFound = () => (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
  return createRouter({
    // Typed as the whole tree (links and route APIs of every page); at run time the signed-in part joins later.
    routeTree: publicRouteTree as unknown as typeof routeTree,
    context: { queryClient },
    // Lite mode (2g, slow-2g, Save-Data): no prefetching of pages the user may never open.
    defaultPreload: isLiteMode() ? false : 'intent',
    // Loaders read through React Query, which owns caching.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFound,
    // inside the shell, in the user's language; offline, what the device keeps (never a bare error)
    defaultErrorComponent: RouteError,
    defaultPendingComponent: PageSpinner,
    defaultPendingMs: 300,
    ...(options.nonce ? { ssr: { nonce: options.nonce } } : {}),
    ...(options.history ? { history: options.history } : {}),
    ...(options.origin ? { origin: options.origin } : {}),
    // Server rendering (src/client/entry-server.tsx): the loaders have filled the query cache on the
    // server; it travels with the router's own dehydrated state and is put back before hydration,
    // so the first client render reads exactly what the server rendered. Only the server dehydrates:
    // the client build leaves that code out.
    // (The casts: query data is plain JSON, which the router's serializability types cannot see
    // through `unknown` query keys.)
    ...(import.meta.env.SSR
      ? {
          dehydrate: () => {
            const { state, trimmed } = options.dehydrateQueries?.(dehydrate(queryClient)) ?? {
              state: dehydrate(queryClient),
              trimmed: [],
            };
            return { queries: compactQueries(state, trimmed) as unknown as Record<string, string> };
          },
        }
      : {}),
    hydrate: (dehydrated: { queries?: Record<string, string> } | undefined) => {
      if (!dehydrated?.queries) return;
      const { state, trimmed } = expandQueries(dehydrated.queries as unknown as SentQueries);
      hydrate(queryClient, state);
      // The server renders the signed-out view: a signed-in reader may follow the firm and see its
      // followers-only items, so what was rendered is read again for them once the page is theirs.
      if (initialSessionStatus(document.cookie) !== 'signedOut') {
        const rendered = new Set(state.queries.map((query) => query.queryHash));
        void queryClient.invalidateQueries({ predicate: (query) => rendered.has(query.queryHash), refetchType: 'none' });
      }
      rememberTrimmedQueries(queryClient, trimmed, (listener) => i18next.on('languageChanged', listener));
    },
  });
}

let signedInRoutes: Promise<void> | undefined;
/** The page's router (the client makes one); the root route object is shared, so its guard is set once. */
let pageRouter: AppRouter | undefined;

type BeforeLoad = (context: { location: { pathname: string; href: string } }) => unknown;

function loadSignedInRoutesWhenNeeded(router: AppRouter): void {
  const guarded = pageRouter !== undefined;
  pageRouter = router;
  if (guarded) return;
  const rootOptions = publicRouteTree.options as { beforeLoad?: BeforeLoad };
  const own = rootOptions.beforeLoad;
  rootOptions.beforeLoad = async (context) => {
    const current = pageRouter;
    if (current && SIGNED_IN_PATH.test(context.location.pathname) && !current.routesById['/profile']) {
      // Evaluating the whole tree gives the shared root route all its children; the router rebuilds from it.
      await (signedInRoutes ??= import('./route-tree.gen').then(() => undefined));
      current.setRoutes(current.buildRouteTree());
      throw redirect({ href: context.location.href, replace: true });
    }
    return own?.(context);
  };
}

export function createAppRouter(queryClient: QueryClient, options: AppRouterOptions = {}): AppRouter {
  const router = createRouterWithTree(queryClient, options);
  if (!import.meta.env.SSR && !options.history) {
    loadSignedInRoutesWhenNeeded(router);
    whenIdle(() => {
      void loadRouteErrorPage().catch(() => undefined);
      void loadNotFoundPage().catch(() => undefined);
    });
  }
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
