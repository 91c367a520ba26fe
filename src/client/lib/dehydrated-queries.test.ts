import { describe, expect, it } from 'vitest';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { compactQueries, expandQueries } from './dehydrated-queries';

async function filledClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await client.prefetchQuery({
    queryKey: ['public', 'firms', 'detail', 'a'],
    queryFn: () => ({ name: 'A' }),
    meta: { suppressToast: true },
  });
  await client.prefetchQuery({ queryKey: ['public', 'products', { firmId: 'x', page: 0 }], queryFn: () => [1, 2] });
  await client.prefetchQuery({ queryKey: ['public', 'broken'], queryFn: () => Promise.reject(new Error('no')) });
  return client;
}

describe('the dehydrated queries a server-rendered page sends', () => {
  it('sends a successful query as its key, data and time, and rebuilds what React Query dehydrated', async () => {
    const client = await filledClient();
    const state = dehydrate(client, { shouldDehydrateQuery: () => true });
    const sent = compactQueries(state, ['["public","broken"]', '["public","firms","detail","a"]', '["not","sent"]']);
    expect(sent.q).toEqual([
      [['public', 'firms', 'detail', 'a'], { name: 'A' }, expect.any(Number), { suppressToast: true }],
      [['public', 'products', { firmId: 'x', page: 0 }], [1, 2], expect.any(Number)],
    ]);
    // the failed query travels as it is
    expect(sent.o?.map((query) => query.queryKey)).toEqual([['public', 'broken']]);
    expect(sent.m).toBeUndefined();
    // the queries whose names were cut, by their place
    expect(sent.t).toEqual([2, 0]);

    const { state: expanded, trimmed } = expandQueries(JSON.parse(JSON.stringify(sent)));
    expect(trimmed).toEqual(['["public","broken"]', '["public","firms","detail","a"]']);
    const byHash = (queries: typeof state.queries) =>
      Object.fromEntries(queries.map(({ dehydratedAt: _dehydratedAt, ...query }) => [query.queryHash, query]));
    expect(byHash(expanded.queries)).toEqual(byHash(JSON.parse(JSON.stringify(state.queries))));
  });

  it('hydrates into a client as the full dehydrated state would', async () => {
    const server = await filledClient();
    const browser = new QueryClient();
    const { hydrate } = await import('@tanstack/react-query');
    hydrate(browser, expandQueries(compactQueries(dehydrate(server))).state);
    const query = browser.getQueryCache().find({ queryKey: ['public', 'firms', 'detail', 'a'], exact: true })!;
    expect(query.state).toMatchObject({ data: { name: 'A' }, status: 'success', fetchStatus: 'idle', isInvalidated: false });
    expect(query.meta).toEqual({ suppressToast: true });
    expect(query.state.dataUpdatedAt).toBe(server.getQueryState(['public', 'firms', 'detail', 'a'])!.dataUpdatedAt);
    expect(browser.getQueryData(['public', 'products', { page: 0, firmId: 'x' }])).toEqual([1, 2]);
  });

  it('is smaller than React Query’s form', async () => {
    const state = dehydrate(await filledClient());
    expect(JSON.stringify(compactQueries(state)).length).toBeLessThan(JSON.stringify(state).length / 2);
  });
});
