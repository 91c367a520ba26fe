import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFeatureFlagStore } from './feature-flags';
import { FEATURE_POLL_MS, watchFeatureFlags } from './feature-flag-watch';

const answer = (enabled: boolean) =>
  new Response(JSON.stringify([{ key: 'SIGNUP', enabled }]), { headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.useRealTimers());

describe('an open tab’s feature flags', () => {
  it('learn an admin’s switch at the next poll, without a reload', async () => {
    vi.useFakeTimers();
    useFeatureFlagStore.setState({ flags: [{ key: 'SIGNUP', enabled: true }], loaded: true });
    const fetcher = vi.fn(async () => answer(false));
    const stop = watchFeatureFlags(fetcher as unknown as typeof fetch);
    await vi.advanceTimersByTimeAsync(FEATURE_POLL_MS);
    expect(fetcher).toHaveBeenCalledWith('/api/iam/features', expect.anything());
    expect(useFeatureFlagStore.getState().flags).toEqual([{ key: 'SIGNUP', enabled: false }]);
    stop();
    await vi.advanceTimersByTimeAsync(FEATURE_POLL_MS * 3);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('keep what they had when the poll fails', async () => {
    vi.useFakeTimers();
    useFeatureFlagStore.setState({ flags: [{ key: 'SIGNUP', enabled: true }], loaded: true });
    const stop = watchFeatureFlags((async () => {
      throw new TypeError('offline');
    }) as unknown as typeof fetch);
    await vi.advanceTimersByTimeAsync(FEATURE_POLL_MS);
    expect(useFeatureFlagStore.getState().flags).toEqual([{ key: 'SIGNUP', enabled: true }]);
    stop();
  });
});
