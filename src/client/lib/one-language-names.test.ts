// @vitest-environment node
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { hasTrimmedNames, namesInOneLanguage, rememberTrimmedQueries } from './one-language-names';

const names = { en: 'Cafés', ar: 'مقاهٍ', fr: 'Cafés' };

function clientWith() {
  const client = new QueryClient();
  client.setQueryData(['public', 'explore', 'industries'], [{ key: 'food', names, categories: [{ key: 'cafes', names }] }]);
  client.setQueryData(['public', 'firms', 'detail', 'x'], { name: 'Café Nour', categoryKey: 'cafes' });
  return client;
}

describe('namesInOneLanguage', () => {
  it("keeps the page's language and English of every names object, and lists the queries it cut", () => {
    const { state, trimmed } = namesInOneLanguage(dehydrate(clientWith()), 'ar');
    const industries = state.queries.find((query) => query.queryKey[2] === 'industries')!;
    expect(industries.state.data).toEqual([
      { key: 'food', names: { en: 'Cafés', ar: 'مقاهٍ' }, categories: [{ key: 'cafes', names: { en: 'Cafés', ar: 'مقاهٍ' } }] },
    ]);
    expect(trimmed).toEqual([industries.queryHash]);
    // a query without names is sent as it is
    const firm = state.queries.find((query) => query.queryKey[2] === 'detail')!;
    expect(firm.state.data).toEqual({ name: 'Café Nour', categoryKey: 'cafes' });
    expect(namesInOneLanguage(dehydrate(clientWith()), 'en').state.queries[0].state.data).toEqual([
      { key: 'food', names: { en: 'Cafés' }, categories: [{ key: 'cafes', names: { en: 'Cafés' } }] },
    ]);
  });

  it('in the browser: a trimmed query is refetched on a language switch and counts as whole once fetched again', async () => {
    const client = new QueryClient();
    const key = ['public', 'explore', 'industries'];
    client.setQueryData(key, [{ key: 'food', names: { en: 'Cafés' } }]);
    const hash = client.getQueryCache().find({ queryKey: key })!.queryHash;
    let fetches = 0;
    let switchLanguage = () => {};
    rememberTrimmedQueries(client, [hash], (listener) => (switchLanguage = listener));
    expect(hasTrimmedNames(hash)).toBe(true);
    switchLanguage();
    await client.fetchQuery({ queryKey: key, queryFn: async () => (fetches++, [{ key: 'food', names }]) });
    expect(fetches).toBeGreaterThan(0);
    expect(hasTrimmedNames(hash)).toBe(false);
    expect(client.getQueryData(key)).toEqual([{ key: 'food', names }]);
  });
});
