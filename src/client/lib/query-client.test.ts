import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, onlineManager } from '@tanstack/react-query';
import { persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import {
  createQueryClient,
  flushPersistedQueries,
  forgetUserData,
  persistQueriesWhenChanged,
  persistWhenLeft,
  QUERY_CACHE_BUSTER,
  QUERY_CACHE_KEY,
  QUERY_CACHE_MAX_AGE,
  QUERY_CACHE_MAX_CHARS,
  QUERY_CACHE_MAX_QUERIES,
  restorePersistedQueries,
  shouldPersistQuery,
  shouldRetry,
} from './query-client';
import { apiRequest } from './api-client';
import { useToastStore } from './toast-store';
import { useSessionStore } from './session';
import { setStored } from './signed-storage';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

/** `storage` says `id` is signed in on the device (what lib/session.ts keeps under souk_last_user). */
function signedIn(storage: Storage, id: string | null): Storage {
  if (id) setStored('souk_last_user', { id }, 60_000, Date.now(), storage);
  else storage.removeItem('souk_last_user');
  return storage;
}

/** What the device's copy holds: its query keys, joined. */
function keptKeys(storage: Storage): string[] {
  const stored = JSON.parse(storage.getItem(QUERY_CACHE_KEY) ?? 'null') as { clientState: { queries: { queryKey: unknown[] }[] } } | null;
  return (stored?.clientState.queries ?? []).map((query) => query.queryKey.join('/'));
}

async function persistFrom(storage: Storage, fill: (client: QueryClient) => void, buster = QUERY_CACHE_BUSTER) {
  const source = new QueryClient();
  fill(source);
  // throttleTime 0 still defers to a timer: wait for it.
  const persister = createSyncStoragePersister({ storage, key: QUERY_CACHE_KEY, throttleTime: 0 });
  await persistQueryClientSave({ queryClient: source, persister, buster, dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery } });
  await new Promise((resolve) => setTimeout(resolve, 5));
}

function setNavigatorOnline(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });
}

afterEach(() => {
  setNavigatorOnline(true);
  onlineManager.setOnline(true);
});

describe('persisted query cache', () => {
  it('persists only successful public and saved queries', async () => {
    const storage = memoryStorage();
    await persistFrom(storage, (client) => {
      client.setQueryData(['public', 'firm', 'abc'], { name: 'Cafe' });
      client.setQueryData(['saved', 'list'], [1, 2]);
      client.setQueryData(['session'], { user: 'secret' });
      client.setQueryData(['workspace', 'orders'], []);
    });
    const stored = JSON.parse(storage.getItem(QUERY_CACHE_KEY)!) as { clientState: { queries: { queryKey: unknown[] }[] } };
    expect(stored.clientState.queries.map((q) => q.queryKey[0]).sort()).toEqual(['public', 'saved']);
  });

  it('keeps the ticket wallet (per user) on the device, and forgets every per-user query at sign-out, at once', async () => {
    const storage = memoryStorage();
    await persistFrom(storage, (client) => {
      client.setQueryData(['public', 'events', 'detail', 'e1'], { name: 'Gig' });
      client.setQueryData(['wallet', 'u1', 'tickets'], { tickets: [{ id: 't1', qrSvg: '<svg/>' }] });
      client.setQueryData(['saved', 'u1', 'list', 20, 0], { content: [] });
    });
    const client = createQueryClient({ storage });
    expect(client.getQueryData(['wallet', 'u1', 'tickets'])).toEqual({ tickets: [{ id: 't1', qrSvg: '<svg/>' }] });
    client.setQueryData(['user', 'cart', 'u1'], { carts: [] });
    forgetUserData(client, storage);
    expect(client.getQueryData(['wallet', 'u1', 'tickets'])).toBeUndefined();
    expect(client.getQueryData(['saved', 'u1', 'list', 20, 0])).toBeUndefined();
    expect(client.getQueryData(['user', 'cart', 'u1'])).toBeUndefined();
    expect(client.getQueryData(['public', 'events', 'detail', 'e1'])).toEqual({ name: 'Gig' });
    const stored = JSON.parse(storage.getItem(QUERY_CACHE_KEY)!) as { clientState: { queries: { queryKey: unknown[] }[] } };
    expect(stored.clientState.queries.map((q) => q.queryKey[0])).toEqual(['public']);
  });

  it('writes what was just read when the page goes, without waiting for the throttled persister', () => {
    const storage = signedIn(memoryStorage(), 'u1');
    const client = createQueryClient({ storage });
    client.setQueryData(['wallet', 'u1', 'order', 'SK-ABC123'], { reference: 'SK-ABC123' });
    client.setQueryData(['user', 'cart', 'u1'], { carts: [] });
    flushPersistedQueries(client, storage);
    const restored = createQueryClient({ storage });
    expect(restored.getQueryData(['wallet', 'u1', 'order', 'SK-ABC123'])).toEqual({ reference: 'SK-ABC123' });
    expect(restored.getQueryData(['user', 'cart', 'u1'])).toBeUndefined();
  });

  it('writes what changed when the page is hidden or left, and nothing when nothing changed', () => {
    const storage = signedIn(memoryStorage(), 'u1');
    const write = vi.spyOn(storage, 'setItem');
    const client = createQueryClient({ storage });
    const stop = persistWhenLeft(client, storage);
    let hidden: { mockRestore: () => void } | undefined;
    try {
      dispatchEvent(new Event('pagehide'));
      expect(write).not.toHaveBeenCalled();

      client.setQueryData(['public', 'firms', 'detail', 'dar-nour'], { name: 'Dar Nour' });
      dispatchEvent(new Event('pagehide'));
      expect(createQueryClient({ storage }).getQueryData(['public', 'firms', 'detail', 'dar-nour'])).toEqual({ name: 'Dar Nour' });
      expect(write).toHaveBeenCalledTimes(1);

      // a tab switch on a phone: hidden is the last moment the page is sure to run
      client.setQueryData(['wallet', 'u1', 'order', 'SK-ABC123'], { reference: 'SK-ABC123' });
      document.dispatchEvent(new Event('visibilitychange'));
      expect(write).toHaveBeenCalledTimes(1); // still visible
      hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
      document.dispatchEvent(new Event('visibilitychange'));
      expect(write).toHaveBeenCalledTimes(2);
      expect(createQueryClient({ storage }).getQueryData(['wallet', 'u1', 'order', 'SK-ABC123'])).toEqual({ reference: 'SK-ABC123' });
    } finally {
      hidden?.mockRestore();
      stop();
    }
    client.setQueryData(['public', 'x'], 1);
    dispatchEvent(new Event('pagehide'));
    expect(write).toHaveBeenCalledTimes(2);
  });

  it("keeps what another tab wrote: two tabs on one device lose neither one's reads", async () => {
    const storage = signedIn(memoryStorage(), 'u1');
    const older = createQueryClient({ storage });
    const newer = createQueryClient({ storage });
    newer.setQueryData(['wallet', 'u1', 'order', 'SK-ABC123'], { reference: 'SK-ABC123' });
    newer.setQueryData(['public', 'firms', 'detail', 'dar-nour'], { name: 'Dar Nour, renamed' });
    flushPersistedQueries(newer, storage);
    // the older tab writes later, through the throttled persister, with an older copy of the firm
    vi.useFakeTimers();
    try {
      const stop = persistQueriesWhenChanged(older, storage);
      older.setQueryData(['public', 'firms', 'detail', 'dar-nour'], { name: 'Dar Nour' }, { updatedAt: Date.now() - 60_000 });
      older.setQueryData(['public', 'firms', 'detail', 'the-blue-alley'], { name: 'The Blue Alley' });
      stop();
      expect(keptKeys(storage)).not.toContain('public/firms/detail/the-blue-alley'); // throttled: 2 s
      vi.advanceTimersByTime(2000);
    } finally {
      vi.useRealTimers();
    }
    const restored = createQueryClient({ storage });
    expect(restored.getQueryData(['wallet', 'u1', 'order', 'SK-ABC123'])).toEqual({ reference: 'SK-ABC123' });
    expect(restored.getQueryData(['public', 'firms', 'detail', 'the-blue-alley'])).toEqual({ name: 'The Blue Alley' });
    expect(restored.getQueryData(['public', 'firms', 'detail', 'dar-nour'])).toEqual({ name: 'Dar Nour, renamed' });
  });

  it('a sign-out in another tab is final: a tab still holding the wallet does not write it back', () => {
    const storage = signedIn(memoryStorage(), 'u1');
    const stale = createQueryClient({ storage });
    const other = createQueryClient({ storage });
    stale.setQueryData(['wallet', 'u1', 'order', 'SK-ABC123'], { reference: 'SK-ABC123' });
    stale.setQueryData(['saved', 'u1', 'list'], [1]);
    flushPersistedQueries(stale, storage);
    // newest first: the two writes fall in one millisecond or in two (sorted, the order is not what is checked here)
    expect(keptKeys(storage).sort()).toEqual(['saved/u1/list', 'wallet/u1/order/SK-ABC123']);

    // the other tab signs out (session.ts removes souk_last_user, then the wallet leaves the copy)
    signedIn(storage, null);
    forgetUserData(other, storage);
    stale.setQueryData(['public', 'x'], 1);
    flushPersistedQueries(stale, storage);
    expect(keptKeys(storage)).toEqual(['public/x']);

    // someone else signs in there: still not the first user's
    signedIn(storage, 'u2');
    other.setQueryData(['wallet', 'u2', 'tickets'], []);
    flushPersistedQueries(other, storage);
    flushPersistedQueries(stale, storage);
    expect(keptKeys(storage).sort()).toEqual(['public/x', 'wallet/u2/tickets']);
  });

  it("only a signed, unexpired record of who is signed in lets a member's queries be written", () => {
    const storage = memoryStorage();
    const write = (id: string) => {
      const client = createQueryClient({ storage });
      client.setQueryData(['wallet', id, 'tickets'], []);
      flushPersistedQueries(client, storage);
      return keptKeys(storage);
    };
    // a hand-edited record (no valid signature) is not a sign-in
    storage.setItem('souk_last_user', JSON.stringify({ value: { id: 'u1' }, expiry: null, signature: 'forged' }));
    expect(write('u1')).toEqual([]);
    expect(storage.getItem('souk_last_user')).toBeNull();
    // nor one past its expiry
    setStored('souk_last_user', { id: 'u1' }, 1_000, Date.now() - 5_000, storage);
    expect(write('u1')).toEqual([]);
    // a signed, current one is
    signedIn(storage, 'u1');
    expect(write('u1')).toEqual(['wallet/u1/tickets']);
  });

  it('keeps the copy bounded: no query past the maximum age, the newest within the count and size caps', () => {
    const storage = memoryStorage();
    const now = Date.now();
    const client = createQueryClient({ storage });
    client.setQueryData(['public', 'stale'], 1, { updatedAt: now - QUERY_CACHE_MAX_AGE - 1 });
    for (let i = 0; i < QUERY_CACHE_MAX_QUERIES + 10; i++) client.setQueryData(['public', 'n', i], i, { updatedAt: now - i * 1000 });
    flushPersistedQueries(client, storage);
    const kept = keptKeys(storage);
    expect(kept).toHaveLength(QUERY_CACHE_MAX_QUERIES);
    expect(kept).not.toContain('public/stale');
    expect(kept).toContain('public/n/0');
    expect(kept).not.toContain(`public/n/${QUERY_CACHE_MAX_QUERIES}`); // the oldest went

    // big ones: the newest that fit within the size cap
    const big = 'x'.repeat(QUERY_CACHE_MAX_CHARS / 4);
    for (let i = 0; i < 6; i++) client.setQueryData(['public', 'big', i], big, { updatedAt: now + 1000 * (6 - i) });
    flushPersistedQueries(client, storage);
    expect(storage.getItem(QUERY_CACHE_KEY)!.length).toBeLessThanOrEqual(QUERY_CACHE_MAX_CHARS + 10_000);
    expect(keptKeys(storage).filter((key) => key.startsWith('public/big'))).toEqual(['public/big/0', 'public/big/1', 'public/big/2']);
  });

  it('when the storage is full, the oldest queries go until the newest fit; a write never throws', async () => {
    let room = 2000;
    const storage = memoryStorage();
    const setItem = storage.setItem;
    storage.setItem = (key, value) => {
      if (value.length > room) throw new DOMException('full', 'QuotaExceededError');
      setItem(key, value);
    };
    const now = Date.now();
    const client = createQueryClient({ storage });
    for (let i = 0; i < 40; i++) client.setQueryData(['public', 'n', i], 'y'.repeat(100), { updatedAt: now - i * 1000 });
    flushPersistedQueries(client, storage);
    const kept = keptKeys(storage);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(40);
    expect(kept[0]).toBe('public/n/0');
    expect(createQueryClient({ storage }).getQueryData(['public', 'n', 0])).toBe('y'.repeat(100));

    // the throttled persister too: smaller while full; with no room at all the old copy stays and nothing throws
    vi.useFakeTimers();
    try {
      room = 700;
      let stop = persistQueriesWhenChanged(client, storage);
      client.setQueryData(['public', 'n', 'more'], 'z');
      stop();
      vi.advanceTimersByTime(2000);
      const smaller = keptKeys(storage);
      expect(smaller[0]).toBe('public/n/more');
      expect(smaller.length).toBeLessThan(kept.length);

      room = 0;
      stop = persistQueriesWhenChanged(client, storage);
      client.setQueryData(['public', 'n', 'most'], 'z');
      stop();
      expect(() => vi.advanceTimersByTime(2000)).not.toThrow();
      expect(keptKeys(storage)).toEqual(smaller);
    } finally {
      vi.useRealTimers();
    }
  });

  it('saves the cache as it changes, through the throttled persister, until cleaned up', () => {
    const storage = memoryStorage();
    const client = createQueryClient({ storage });
    vi.useFakeTimers();
    try {
      const stop = persistQueriesWhenChanged(client, storage);
      client.setQueryData(['public', 'firm', 'a'], 1);
      expect(keptKeys(storage)).toEqual([]); // throttled: 2 s
      vi.advanceTimersByTime(2000);
      expect(keptKeys(storage)).toEqual(['public/firm/a']);
      stop();
      client.setQueryData(['public', 'firm', 'b'], 2);
      vi.advanceTimersByTime(2000);
      expect(keptKeys(storage)).toEqual(['public/firm/a']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('restores before the first read, synchronously, when the client is created', async () => {
    const storage = memoryStorage();
    await persistFrom(storage, (client) => client.setQueryData(['public', 'firm', 'abc'], { name: 'Cafe' }));
    const client = createQueryClient({ storage });
    // No await: a loader running right after start sees the data.
    expect(client.getQueryData(['public', 'firm', 'abc'])).toEqual({ name: 'Cafe' });
  });

  it('drops a cache written by another version', async () => {
    const storage = memoryStorage();
    await persistFrom(storage, (client) => client.setQueryData(['public', 'x'], 1), 'an-older-build');
    const client = createQueryClient({ storage });
    expect(client.getQueryData(['public', 'x'])).toBeUndefined();
    expect(storage.getItem(QUERY_CACHE_KEY)).toBeNull();
  });

  it('drops an expired cache and a corrupt one', async () => {
    const storage = memoryStorage();
    await persistFrom(storage, (client) => client.setQueryData(['public', 'x'], 1));
    const persister = createSyncStoragePersister({ storage, key: QUERY_CACHE_KEY });
    const eightDaysLater = Date.now() + 8 * 24 * 60 * 60 * 1000;
    expect(restorePersistedQueries(new QueryClient(), persister, eightDaysLater)).toBe(0);
    expect(storage.getItem(QUERY_CACHE_KEY)).toBeNull();

    storage.setItem(QUERY_CACHE_KEY, '{not json');
    expect(restorePersistedQueries(new QueryClient(), persister)).toBe(0);
    expect(storage.getItem(QUERY_CACHE_KEY)).toBeNull();
  });
});

describe('offline reads', () => {
  it('retries network failures online only, and never other errors', () => {
    expect(shouldRetry(0, { status: 0 }, true)).toBe(true);
    expect(shouldRetry(1, { status: 0 }, true)).toBe(true);
    expect(shouldRetry(2, { status: 0 }, true)).toBe(false);
    expect(shouldRetry(0, { status: 500 }, true)).toBe(false);
    expect(shouldRetry(0, { status: 404 }, true)).toBe(false);
    expect(shouldRetry(0, { status: 0 }, false)).toBe(false);
  });

  it('serves cached data to a loader offline without touching the network', async () => {
    setNavigatorOnline(false);
    const client = createQueryClient({ restore: false });
    client.setQueryData(['public', 'firm', 'abc'], { name: 'Cafe' });
    let calls = 0;
    const data = await client.ensureQueryData({
      queryKey: ['public', 'firm', 'abc'],
      queryFn: async () => {
        calls++;
        return { name: 'fresh' };
      },
    });
    expect(data).toEqual({ name: 'Cafe' });
    expect(calls).toBe(0);
  });

  it('fails a loader at once offline instead of waiting for the network to return', async () => {
    setNavigatorOnline(false);
    const client = createQueryClient({ restore: false });
    let calls = 0;
    const load = client.ensureQueryData({
      queryKey: ['public', 'firm', 'missing'],
      queryFn: async () => {
        calls++;
        throw Object.assign(new Error('Failed to fetch'), { status: 0 });
      },
    });
    const outcome = await Promise.race([
      load.then(
        () => 'resolved',
        () => 'rejected',
      ),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1000)),
    ]);
    expect(outcome).toBe('rejected');
    expect(calls).toBe(1);
  });
});

describe('the one toast rule', () => {
  const problem = (status: number, detail: string) =>
    new Response(JSON.stringify({ type: 'about:blank', title: 'x', status, detail, code: 'x' }), {
      status,
      headers: { 'Content-Type': 'application/problem+json' },
    });
  const toasts = () => useToastStore.getState().toasts.map((toast) => [toast.type, toast.message]);

  beforeEach(() => {
    useToastStore.setState({ toasts: [] });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
      String(input).endsWith('/unauthorized') ? problem(401, "You're not authenticated.") : problem(500, 'Database is on fire.'),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a failed query becomes an error toast with the server detail, and its error says it was toasted', async () => {
    const client = createQueryClient({ restore: false });
    const error = await client
      .fetchQuery({ queryKey: ['public', 'boom'], queryFn: () => apiRequest('/api/public/boom'), retry: false })
      .catch((caught: unknown) => caught);
    expect(toasts()).toEqual([['error', 'Database is on fire.']]);
    expect(error).toMatchObject({ status: 500, toasted: true });
  });

  it('a failed mutation too', async () => {
    const client = createQueryClient({ restore: false });
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => apiRequest('/api/user/boom', { method: 'POST' }) })
      .execute(undefined)
      .catch(() => undefined);
    expect(toasts()).toEqual([['error', 'Database is on fire.']]);
  });

  it('not when the query or mutation says its caller shows the message, nor on 401', async () => {
    const client = createQueryClient({ restore: false });
    await client
      .fetchQuery({
        queryKey: ['public', 'quiet'],
        queryFn: () => apiRequest('/api/public/boom'),
        retry: false,
        meta: { suppressToast: true },
      })
      .catch(() => undefined);
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => apiRequest('/api/user/boom', { method: 'POST' }), meta: { suppressToast: true } })
      .execute(undefined)
      .catch(() => undefined);
    signOutLocally();
    await client
      .fetchQuery({ queryKey: ['user', 'me'], queryFn: () => apiRequest('/api/user/unauthorized'), retry: false })
      .catch(() => undefined);
    expect(toasts()).toEqual([]);
  });
});

/** No session: a 401 is not refreshed (the refresh would be another request to stub). */
function signOutLocally() {
  useSessionStore.setState({ status: 'signedOut', user: null });
}
