import { describe, expect, it } from 'vitest';
import { publicQueryKeys } from './public-query-keys';
import { queryKeys } from './query-keys';

const sample = (key: (...args: never[]) => readonly unknown[]) =>
  (key as (...args: unknown[]) => readonly unknown[])('a', 'b', 1, { page: 1, size: 10 });

describe('the public query keys (the entry holds only these)', () => {
  it('are all under public, and queryKeys has them as they are', () => {
    for (const [name, key] of Object.entries(publicQueryKeys)) {
      expect(sample(key)[0], name).toBe('public');
      expect(queryKeys[name as keyof typeof queryKeys], name).toBe(key);
    }
  });

  it('every key under public is one of them (a public page loader never needs lib/query-keys.ts)', () => {
    const publicNames = Object.entries(queryKeys)
      .filter(([, key]) => sample(key as never)[0] === 'public')
      .map(([name]) => name);
    expect(publicNames.sort()).toEqual(Object.keys(publicQueryKeys).sort());
  });
});
