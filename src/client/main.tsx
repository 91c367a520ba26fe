import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { QueryClientProvider } from '@tanstack/react-query';
import './styles/theme.css';
import './styles/base.css';
import { createQueryClient, forgetUserData, persistQueriesWhenChanged, persistWhenLeft } from './lib/query-client';
import { createAppRouter } from './router';
import { chosenLanguage, initI18n, initialLanguage } from './lib/i18n';
import { normalizeLanguage } from '../shared/i18n';
import { initTheme } from './lib/theme';
import { initNetworkStatus } from './lib/network-status';
import { loadFeatureFlags } from './lib/feature-flags';
import { forgetServerRenderedPages, registerServiceWorker } from './lib/service-worker';
import { onSessionChangedElsewhere, onSignedOut, useSessionStore } from './lib/session';
import { syncAccountLanguage } from './lib/account-language';
import { holdHydrated, releaseHydrated } from './lib/use-hydrated';

initTheme();
initNetworkStatus();
const queryClient = createQueryClient();
// What was just read is kept on the device when the page is left before the throttled write.
persistWhenLeft(queryClient);
const router = createAppRouter(queryClient);
// The next person on this browser finds none of the last one's tickets, orders or saved lists.
onSignedOut(() => forgetUserData(queryClient));
// A sign-in or sign-out in another tab: the page's guards run again (a member's page goes to the login).
onSessionChangedElsewhere(() => void router.invalidate());

// A server-rendered page (src/client/entry-server.tsx) is hydrated in the language and with the
// translation namespaces the server used; the service worker's offline shell is rendered afresh,
// and so is a page the worker kept from before a sign-in or sign-out (its HTML shows the other
// session state: hydrating it would not match), or one in another language than the one chosen on this device (kept
// from before the choice, or asked for before the choice's cookie was written): the choice wins, and the worker's
// pages in the old language go.
const rootElement = document.getElementById('root')!;
const fromServer = rootElement.dataset.ssr !== undefined;
const chosen = chosenLanguage();
const inOtherLanguage = fromServer && chosen !== undefined && chosen !== normalizeLanguage(rootElement.dataset.ssrLang);
if (inOtherLanguage) void forgetServerRenderedPages();
const serverRendered =
  fromServer && '$_TSR' in window && rootElement.dataset.ssrSession === useSessionStore.getInitialState().status && !inOtherLanguage;
// A page the browser renders itself needs the flags for its first render; a server-rendered one asks once it
// has hydrated (Live below): their answer re-renders the header, and in the middle of the hydration that was
// one more synchronous render.
if (serverRendered) holdHydrated();
else void loadFeatureFlags();

/**
 * Lets the browser run what waits (a paint, input) between start-up steps: the entry's evaluation, i18n's
 * start-up and the first slice of the hydration were one long task (Lighthouse's total blocking time).
 */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

await nextTask();
await initI18n(
  serverRendered ? normalizeLanguage(rootElement.dataset.ssrLang) : initialLanguage(),
  serverRendered ? (rootElement.dataset.ssrNs ?? '').split(',').filter(Boolean) : undefined,
);

/**
 * The query cache, restored from the device when it was created (createQueryClient), is saved back as it changes
 * (persistQueriesWhenChanged), from the first commit on.
 */
function PersistedQueries({ children }: { children: ReactNode }) {
  useEffect(() => persistQueriesWhenChanged(queryClient), []);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Live />
    </QueryClientProvider>
  );
}

/**
 * Runs once the page's root has hydrated (the parts that hydrate when seen may still wait): what shows
 * more once live re-renders then, one component per task (lib/use-hydrated.ts), and the flags are asked for.
 */
function Live() {
  useEffect(() => {
    releaseHydrated();
    void loadFeatureFlags();
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <PersistedQueries>{serverRendered ? <RouterClient router={router} /> : <RouterProvider router={router} />}</PersistedQueries>
  </StrictMode>
);
// Hydration as a transition: React yields to the browser every few milliseconds instead of
// hydrating the whole page in one task (Lighthouse's total blocking time), and a tap during it is
// replayed once its part of the page is hydrated.
await nextTask();
if (serverRendered)
  startTransition(() => {
    hydrateRoot(rootElement, app);
  });
else createRoot(rootElement).render(app);

registerServiceWorker();
syncAccountLanguage();
