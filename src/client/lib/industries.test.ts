import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Industry } from '../../shared/explore';
import { queryKeys } from './query-keys';
import { rememberTrimmedQueries } from './one-language-names';
import { categoryQuery, findCategory } from './industries';

const industries: Industry[] = [
  {
    key: 'shoppingandretail',
    path: '/shop',
    names: { en: 'Shopping & Retail', ar: 'التسوق والتجزئة', fr: 'Commerce' },
    categories: [{ key: 'fashion', industryKey: 'shoppingandretail', names: { en: 'Fashion', ar: 'أزياء', fr: 'Mode' } }],
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('a firm page’s category', () => {
  it('is found among the industries, or is none', () => {
    expect(findCategory(industries, 'fashion')?.names.fr).toBe('Mode');
    expect(findCategory(industries, 'bakeries')).toBeNull();
  });

  it('is read from the industries in the cache, without a request', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    client.setQueryData(queryKeys.industries(), industries);
    expect(await client.fetchQuery(categoryQuery(client, 'fashion'))).toEqual(industries[0].categories[0]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is asked of the API when the cached industries have their names in one language only', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(industries), { headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    const oneLanguage: Industry[] = [
      { ...industries[0], categories: [{ ...industries[0].categories[0], names: { en: 'Fashion' } as Industry['names'] }] },
    ];
    client.setQueryData(queryKeys.industries(), oneLanguage);
    rememberTrimmedQueries(client, [JSON.stringify(queryKeys.industries())], () => undefined);
    expect((await client.fetchQuery(categoryQuery(client, 'fashion')))?.names.ar).toBe('أزياء');
    expect(fetch).toHaveBeenCalledOnce();
  });
});
