import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClientModule from './api-client';

/**
 * Two tabs of one browser: two copies of the HTTP client module (each tab runs its own), sharing
 * what tabs share: the cookies (here: the server stand-in), localStorage, BroadcastChannel and,
 * where the browser has it, the Web Locks API.
 */
type ApiClient = typeof ApiClientModule;

async function openTab(): Promise<ApiClient> {
  vi.resetModules();
  return import('./api-client');
}

const USER = { id: 'u1', firstName: 'A', lastName: 'B', flip: 'a', imagePath: null, totalFriends: 0, statusCode: 1 };

function server() {
  const state = { refreshCalls: 0 };
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (String(input) === '/api/iam/auth/refresh') {
      state.refreshCalls += 1;
      await new Promise((resolve) => setTimeout(resolve, 40));
      return new Response(JSON.stringify({ success: true, user: USER }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    return new Response('{}', { status: 404 });
  });
  return { state, fetchMock };
}

/** The Web Locks API as browsers have it: one holder per name, the others queued in order. */
function webLocks() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name: string, task: () => Promise<unknown>) {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(task, task);
      tails.set(
        name,
        run.catch(() => {}),
      );
      return run;
    },
  };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('token refresh across tabs', () => {
  it('with Web Locks: two tabs refreshing at once make one refresh, and both go on signed in', async () => {
    const { state, fetchMock } = server();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('navigator', { ...navigator, locks: webLocks() });
    const tabA = await openTab();
    const tabB = await openTab();
    const results = await Promise.all([tabA.refreshSession(), tabB.refreshSession()]);
    expect(results).toEqual([true, true]);
    expect(state.refreshCalls).toBe(1);
  });

  it('without Web Locks: a tab that hears another one refreshing waits for it (BroadcastChannel)', async () => {
    const { state, fetchMock } = server();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('navigator', { ...navigator, locks: undefined });
    const tabA = await openTab();
    const tabB = await openTab();
    const first = tabA.refreshSession();
    // tab B's turn comes a moment later, while tab A's request is on its way
    await new Promise((resolve) => setTimeout(resolve, 10));
    const second = tabB.refreshSession();
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(state.refreshCalls).toBe(1);
  });

  it('a refresh asked for after the other tab finished is made again (the cookies may have moved on)', async () => {
    const { state, fetchMock } = server();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('navigator', { ...navigator, locks: webLocks() });
    const tabA = await openTab();
    const tabB = await openTab();
    expect(await tabA.refreshSession()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await tabB.refreshSession()).toBe(true);
    expect(state.refreshCalls).toBe(2);
  });
});
