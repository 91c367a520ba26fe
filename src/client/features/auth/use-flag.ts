import { useFeatureFlagStore } from '../../lib/feature-flags';
import { isFeatureEnabled, type FeatureKey } from '../../../shared/feature-flags';

/**
 * Whether an auth form is usable: true until the flags have loaded (no flash of "not available"
 * on every visit; the server refuses a switched-off feature anyway), then the flag itself.
 */
export function useAuthFlag(key: FeatureKey): boolean {
  return useFeatureFlagStore((state) => !state.loaded || isFeatureEnabled(state.flags, key));
}
