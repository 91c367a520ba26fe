import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import './styles/theme.css';
import './styles/base.css';
import { createQueryClient, persistOptions } from './lib/query-client';
import { createAppRouter } from './router';
import { initI18n } from './lib/i18n';
import { initTheme } from './lib/theme';
import { initNetworkStatus } from './lib/network-status';
import { loadFeatureFlags } from './lib/feature-flags';
import { registerServiceWorker } from './lib/service-worker';

initTheme();
initNetworkStatus();
void loadFeatureFlags();
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
await initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions()}>
      <RouterProvider router={router} />
    </PersistQueryClientProvider>
  </StrictMode>,
);

registerServiceWorker();
