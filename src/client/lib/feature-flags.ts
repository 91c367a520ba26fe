import { create } from 'zustand';
import { isFeatureEnabled, type FeatureFlag, type FeatureKey } from '../../shared/feature-flags';

interface FeatureFlagState {
  flags: FeatureFlag[];
  loaded: boolean;
}

export const useFeatureFlagStore = create<FeatureFlagState>(() => ({ flags: [], loaded: false }));

let loading: Promise<void> | undefined;

/** Loads the application flags once at start. On failure every flag is off (spec section 4). */
export function loadFeatureFlags(fetcher: typeof fetch = fetch): Promise<void> {
  loading ??= fetcher('/api/iam/features', { credentials: 'include', headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const flags = (await response.json()) as FeatureFlag[];
      useFeatureFlagStore.setState({ flags: Array.isArray(flags) ? flags : [], loaded: true });
    })
    .catch((error: unknown) => {
      console.warn('Feature flags could not be loaded; all features are off.', error);
      useFeatureFlagStore.setState({ flags: [], loaded: true });
    });
  return loading;
}

export function useFeature(key: FeatureKey): boolean {
  return useFeatureFlagStore((state) => isFeatureEnabled(state.flags, key));
}
