import { act, cleanup, configure, render } from '@testing-library/react';
import { afterEach } from 'vitest';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import en from '../locales/en/common.json';

// The client project runs without vitest globals, so Testing Library cannot clean up by itself.
afterEach(cleanup);
// Busy CI machines: give findBy/waitFor more than the default second.
configure({ asyncUtilTimeout: 5000 });

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
 * nothing), starting at `url`.
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
  await act(async () => {
    view = render(<RouterProvider router={router as never} />);
  });
  return { ...view, router, history };
}
