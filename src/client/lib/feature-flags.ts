import { create } from 'zustand';
import { isFeatureEnabled, type FeatureFlag, type FeatureKey } from '../../shared/feature-flags';

interface FeatureFlagState {
  flags: FeatureFlag[];
  loaded: boolean;
}

export const useFeatureFlagStore = create<FeatureFlagState>(() => ({ flags: [], loaded: false }));

let loading: Promise<void> | undefined;

let retryOnReconnect = false;

/**
 * Loads the application flags at start. On failure every flag is off, and the
 * load is tried again when the connection returns: an app started offline (the installed app, a
 * kept page) must not keep Log in and Sign up switched off once it is back online.
 */
export function loadFeatureFlags(fetcher: typeof fetch = fetch): Promise<void> {
  loading ??= fetcher('/api/iam/features', { credentials: 'include', headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const flags = (await response.json()) as FeatureFlag[];
      useFeatureFlagStore.setState({ flags: Array.isArray(flags) ? flags : [], loaded: true });
    })
    .catch((error: unknown) => {
      console.warn('Feature flags could not be loaded; all features are off until they can be.', error);
      useFeatureFlagStore.setState({ flags: [], loaded: true });
      loading = undefined;
      if (typeof window !== 'undefined' && !retryOnReconnect) {
        retryOnReconnect = true;
        window.addEventListener(
          'online',
          () => {
            retryOnReconnect = false;
            void loadFeatureFlags(fetcher);
          },
          { once: true },
        );
      }
    });
  return loading;
}

/** How often an open tab asks again: an admin's switch reaches it within this time. */
export const FEATURE_POLL_MS = 10_000;

async function refreshFeatureFlags(fetcher: typeof fetch): Promise<void> {
  try {
    const response = await fetcher('/api/iam/features', { credentials: 'include', headers: { Accept: 'application/json' } });
    if (!response.ok) return;
    const flags = (await response.json()) as FeatureFlag[];
    if (Array.isArray(flags)) useFeatureFlagStore.setState({ flags, loaded: true });
  } catch {
    // offline: the flags stay as they were until the next try
  }
}

/**
 * Keeps the flags of an open tab current: asks again every FEATURE_POLL_MS while the tab is seen, and at once
 * when it is seen again, so a feature an admin switches off sends its open pages to maintenance without a reload.
 * Answers the function that stops it.
 */
export function watchFeatureFlags(fetcher: typeof fetch = fetch): () => void {
  const tick = () => {
    if (document.visibilityState === 'visible') void refreshFeatureFlags(fetcher);
  };
  const timer = setInterval(tick, FEATURE_POLL_MS);
  document.addEventListener('visibilitychange', tick);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', tick);
  };
}

export function useFeature(key: FeatureKey): boolean {
  return useFeatureFlagStore((state) => isFeatureEnabled(state.flags, key));
}
