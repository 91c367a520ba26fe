import { useEffect } from 'react';
import type { FeatureFlag } from '../../shared/feature-flags';
import { useFeatureFlagStore } from './feature-flags';

/*
 * Not in lib/feature-flags.ts: the first page's files do not need the watch (it starts once the page is live,
 * from the layers above the page), and every byte there counts against the entry's budget.
 */

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

/** Watches the flags while the app is open (the layers above the page call it once). */
export function useFeatureFlagWatch(): void {
  useEffect(() => watchFeatureFlags(), []);
}
