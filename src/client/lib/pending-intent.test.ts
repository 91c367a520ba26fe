import { afterEach, describe, expect, it } from 'vitest';
import { forgetIntent, rememberIntent, takeIntent } from './pending-intent';

afterEach(() => sessionStorage.clear());

describe('pending intent', () => {
  it('is taken once, by the intent that was remembered', () => {
    rememberIntent('follow:f1');
    expect(takeIntent('save:f1')).toBe(false);
    expect(takeIntent('follow:f1')).toBe(true);
    expect(takeIntent('follow:f1')).toBe(false);
  });

  it('keeps only the last one, and forgetting drops it', () => {
    rememberIntent('follow:f1');
    rememberIntent('save:e1');
    expect(takeIntent('follow:f1')).toBe(false);
    forgetIntent();
    expect(takeIntent('save:e1')).toBe(false);
  });

  it('is stale after half an hour', () => {
    rememberIntent('follow:f1');
    expect(takeIntent('follow:f1', Date.now() + 31 * 60 * 1000)).toBe(false);
  });
});
