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

export function useFeature(key: FeatureKey): boolean {
  return useFeatureFlagStore((state) => isFeatureEnabled(state.flags, key));
}
