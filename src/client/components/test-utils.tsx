import { act, cleanup, configure, render } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type RouteComponent,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { renderWithSessionStatus } from '../lib/session';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import en from '../locales/en/common.json';
import enPages from '../locales/en/pages.json';
import enLanding from '../locales/en/landing.json';
import enLegal from '../locales/en/legal.json';
import frPages from '../locales/fr/pages.json';
import frLanding from '../locales/fr/landing.json';
import frLegal from '../locales/fr/legal.json';
import arPages from '../locales/ar/pages.json';
import arLanding from '../locales/ar/landing.json';
import arLegal from '../locales/ar/legal.json';

// The client project runs without vitest globals, so Testing Library cannot clean up by itself.
afterEach(cleanup);
// Busy CI machines: give findBy/waitFor more than the default second.
configure({ asyncUtilTimeout: 5000 });
// A first render pulls in the router, i18next and the icons; on a busy CI machine that alone can
// pass the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

/** Initialises the shared i18next instance with the real English common.json, synchronously. */
export async function initTestI18n() {
  if (i18next.isInitialized) {
    await i18next.changeLanguage('en');
    return i18next;
  }
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { common: en } },
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18next;
}

/**
 * Renders `ui` in the root of a memory router that accepts any path (a page per path renders
 * nothing), starting at `url`, with a query client of its own that never retries (as the app
 * shell has one: the header's bell reads the unread count).
 */
export async function renderInRouter(ui: ReactNode, url = '/') {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {ui}
        <Outlet />
      </>
    ),
  });
  const index = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <p>home page</p> });
  const any = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => <p>some page</p> });
  const history = createMemoryHistory({ initialEntries: [url] });
  const router = createRouter({ routeTree: rootRoute.addChildren([index, any]), history });
  await router.load();
  let view!: ReturnType<typeof render>;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    view = render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>,
    );
  });
  return { ...view, router, history, queryClient };
}

/** The real translations of the content pages (landing and information pages), in every language. */
export const resources: Record<string, Record<string, object>> = {
  en: { pages: enPages, landing: enLanding, legal: enLegal, common: { loading: 'Loading…' } },
  fr: { pages: frPages, landing: frLanding, legal: frLegal, common: { loading: 'Chargement…' } },
  ar: { pages: arPages, landing: arLanding, legal: arLegal, common: { loading: 'جارٍ التحميل…' } },
};

/** A fresh i18next instance with the content pages' real locale files, loaded synchronously. */
export async function createTestI18n(language = 'en', overrides?: Record<string, Record<string, object>>): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: { ...resources, ...overrides },
    ns: ['common', 'pages', 'landing', 'legal'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

/** Renders `component` as the page at `url` (path, with a hash) of a memory router, in the given i18n. */
export async function renderAt(component: RouteComponent, url: string, i18n: I18n) {
  const rootRoute = createRootRoute({ component: Outlet });
  const pathname = url.split('#')[0].split('?')[0];
  const pageRoute = createRoute({ getParentRoute: () => rootRoute, path: pathname, component });
  const history = createMemoryHistory({ initialEntries: [url] });
  const router = createRouter({ routeTree: rootRoute.addChildren([pageRoute]), history });
  await router.load();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router as never} />
    </I18nextProvider>,
  );
  return { ...view, router, history };
}

/**
 * (perf) A component as the server renders it (`import.meta.env.SSR`) and as the browser's first render makes
 * it, both for a signed-out visitor: the markup (which hydration needs identical) and how many queries each
 * put in its query cache (the server's signed-out variants make none).
 */
export function serverAndBrowserRender(element: ReactNode, i18n: I18n) {
  const rendered = (ssr: boolean) => {
    vi.stubEnv('SSR', ssr);
    try {
      const queryClient = new QueryClient();
      const markup = renderWithSessionStatus('signedOut', () =>
        renderToString(
          <I18nextProvider i18n={i18n}>
            <QueryClientProvider client={queryClient}>{element}</QueryClientProvider>
          </I18nextProvider>,
        ),
      );
      return { markup, queries: queryClient.getQueryCache().getAll().length };
    } finally {
      vi.unstubAllEnvs();
    }
  };
  return { server: rendered(true), browser: rendered(false) };
}
