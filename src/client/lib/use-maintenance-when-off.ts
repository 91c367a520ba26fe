import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { isFeatureEnabled, type FeatureKey } from '../../shared/feature-flags';
import { useFeatureFlagStore } from './feature-flags';

/**
 * Sends the page to /maintenance?feature=KEY once the flags say KEY is off: at start, or later when an admin
 * switches it off while the page is open (the flags are polled, lib/feature-flags.ts).
 */
export function useMaintenanceWhenOff(key: FeatureKey): void {
  const off = useFeatureFlagStore((state) => state.loaded && state.flags.length > 0 && !isFeatureEnabled(state.flags, key));
  const navigate = useNavigate();
  useEffect(() => {
    if (off) void navigate({ to: '/maintenance', search: { feature: key }, replace: true });
  }, [off, key, navigate]);
}
