import { describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { AboutPage } from './about-page';
import { createTestI18n } from '../../../../components/test-utils';

async function routerAt(url: string) {
  const rootRoute = createRootRoute({ component: Outlet });
  const about = createRoute({ getParentRoute: () => rootRoute, path: '/about', component: AboutPage });
  const router = createRouter({
    routeTree: rootRoute.addChildren([about]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  await router.load();
  return router;
}

describe('About page hydration', () => {
  it('hydrates the server’s overview without a mismatch, then shows the fragment’s tab', async () => {
    const i18n = await createTestI18n();
    // The server never receives the fragment.
    const serverRouter = await routerAt('/about');
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={serverRouter as never} />
      </I18nextProvider>,
    );
    expect(html).toContain('Company and Product Overview');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    const clientRouter = await routerAt('/about#ethics');
    await act(async () => {
      hydrateRoot(
        container,
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={clientRouter as never} />
        </I18nextProvider>,
        { onRecoverableError: recoverable },
      );
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.querySelector('[role=tab][aria-selected=true]')).toHaveTextContent('Ethics');
    container.remove();
  });
});
