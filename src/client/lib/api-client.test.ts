import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiError,
  DASHBOARD_RETRY_HEADER,
  SKIP_CREDENTIALS_HEADER,
  apiRequest,
  nullIfNotFound,
  refreshSession,
  setDashboardRecovery,
} from './api-client';
import { checkSession, useSessionStore } from './session';
import { useToastStore } from './toast-store';

const USER = {
  id: 'u1',
  firstName: 'Amina',
  lastName: 'Haddad',
  flip: 'amina',
  imagePath: null,
  totalFriends: 2,
  statusCode: 1,
  regionPreference: 'EU',
  hourFormat: 12,
};

/**
 * A stand-in for the server, at the fetch level: protected endpoints answer 401 until the
 * access cookie is fresh, the refresh endpoint renews it (and counts its calls), and every
 * response takes a little while, as over a network.
 */
function fakeServer(options: { refreshWorks?: boolean; latencyMs?: number } = {}) {
  const state = { accessValid: false, refreshCalls: 0, requests: [] as { url: string; credentials?: RequestCredentials }[] };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const problem = (status: number, detail: string) =>
    new Response(JSON.stringify({ type: 'about:blank', title: 'x', status, detail, code: 'x' }), {
      status,
      headers: { 'Content-Type': 'application/problem+json' },
    });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    state.requests.push({ url, credentials: init?.credentials });
    await new Promise((resolve) => setTimeout(resolve, options.latencyMs ?? 5));
    const withCookies = init?.credentials === 'include';
    if (url === '/api/iam/auth/refresh') {
      state.refreshCalls += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (options.refreshWorks === false || !withCookies) return problem(401, 'Failed to refresh token');
      state.accessValid = true;
      return json(200, { success: true, user: USER });
    }
    if (url === '/api/iam/auth/check-session') {
      if (state.accessValid && withCookies) return json(200, { success: true, user: USER });
      return problem(401, "You're not authenticated.");
    }
    if (url.startsWith('/api/iam/login/')) return problem(401, 'Invalid Credentials.');
    if (url.startsWith('/api/dashboard/')) {
      return state.accessValid && withCookies ? json(200, { ok: url }) : problem(401, "You're not authenticated.");
    }
    if (url.startsWith('/api/user/')) {
      return state.accessValid && withCookies ? json(200, { ok: url }) : problem(401, "You're not authenticated.");
    }
    if (url === '/api/public/boom') return problem(500, 'Database is on fire.');
    return json(404, {});
  });
  return { state, fetchMock };
}

beforeEach(() => {
  useSessionStore.setState({ status: 'unknown', user: null });
  useToastStore.setState({ toasts: [] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setDashboardRecovery(null);
});

describe('interceptor: refresh on 401', () => {
  it('concurrent 401s trigger exactly one refresh; every request is retried and succeeds', async () => {
    const { state, fetchMock } = fakeServer();
    vi.stubGlobal('fetch', fetchMock);
    const results = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((name) => apiRequest<{ ok: string }>(`/api/user/${name}`)));
    expect(results.map((r) => r.ok)).toEqual(['a', 'b', 'c', 'd', 'e'].map((n) => `/api/user/${n}`));
    expect(state.refreshCalls).toBe(1);
    // 5 first tries, 1 refresh, 5 retries
    expect(state.requests).toHaveLength(11);
    expect(useSessionStore.getState()).toMatchObject({ status: 'signedIn', user: { id: 'u1' } });
  });

  it('a request whose 401 arrives after the refresh finished retries without refreshing again', async () => {
    const { state, fetchMock } = fakeServer();
    vi.stubGlobal('fetch', fetchMock);
    const slow = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await fetchMock(input, init);
      if (String(input) === '/api/user/slow' && response.status === 401) await new Promise((r) => setTimeout(r, 80));
      return response;
    });
    vi.stubGlobal('fetch', slow);
    const [fast, late] = await Promise.all([apiRequest('/api/user/fast'), apiRequest('/api/user/slow')]);
    expect(fast).toEqual({ ok: '/api/user/fast' });
    expect(late).toEqual({ ok: '/api/user/slow' });
    expect(state.refreshCalls).toBe(1);
  });

  it('when the refresh fails, every waiting request fails with 401 and the user is signed out', async () => {
    const { state, fetchMock } = fakeServer({ refreshWorks: false });
    vi.stubGlobal('fetch', fetchMock);
    const outcomes = await Promise.allSettled([apiRequest('/api/user/a'), apiRequest('/api/user/b'), apiRequest('/api/user/c')]);
    expect(state.refreshCalls).toBe(1);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const error = (outcome as PromiseRejectedResult).reason as ApiError;
      expect(error.status).toBe(401);
    }
    expect(useSessionStore.getState().status).toBe('signedOut');
    // the flag was released: a later refresh asks the server again
    await refreshSession();
    expect(state.refreshCalls).toBe(2);
  });

  it('never refreshes for the refresh call itself or for login calls', async () => {
    const { state, fetchMock } = fakeServer();
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/iam/login/email', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 401 });
    expect(state.refreshCalls).toBe(0);
  });

  it('does not refresh once the store knows nobody is signed in', async () => {
    const { state, fetchMock } = fakeServer();
    vi.stubGlobal('fetch', fetchMock);
    useSessionStore.setState({ status: 'signedOut', user: null });
    await expect(apiRequest('/api/user/a')).rejects.toMatchObject({ status: 401 });
    expect(state.refreshCalls).toBe(0);
  });

  it('sends credentials on every call unless the skip header is set', async () => {
    const { state, fetchMock } = fakeServer();
    vi.stubGlobal('fetch', fetchMock);
    state.accessValid = true;
    await apiRequest('/api/user/x');
    await expect(apiRequest('/api/user/y', { headers: { [SKIP_CREDENTIALS_HEADER]: 'true' } })).rejects.toMatchObject({ status: 401 });
    expect(state.requests.map((r) => r.credentials)).toEqual(['include', 'omit']);
    expect(state.refreshCalls).toBe(0);
  });
});

describe('interceptor: dashboard calls', () => {
  it('on 401 re-fetch the current firm once (after refreshing) and retry once', async () => {
    const { state, fetchMock } = fakeServer();
    vi.stubGlobal('fetch', fetchMock);
    const recover = vi.fn(async () => {});
    setDashboardRecovery(recover);
    const result = await apiRequest('/api/dashboard/blog-posts');
    expect(result).toEqual({ ok: '/api/dashboard/blog-posts' });
    expect(recover).toHaveBeenCalledTimes(1);
    expect(state.refreshCalls).toBe(1);
  });

  it('does not loop when the retry is refused again', async () => {
    const { state, fetchMock } = fakeServer({ refreshWorks: false });
    vi.stubGlobal('fetch', fetchMock);
    const recover = vi.fn(async () => {});
    setDashboardRecovery(recover);
    await expect(apiRequest('/api/dashboard/blog-posts')).rejects.toMatchObject({ status: 401 });
    expect(state.requests.filter((r) => r.url === '/api/dashboard/blog-posts')).toHaveLength(1);
  });

  it('never intercepts the re-fetch itself (the retry marker): a recovery whose own call is refused cannot recurse', async () => {
    const { state, fetchMock } = fakeServer({ refreshWorks: true });
    vi.stubGlobal('fetch', fetchMock);
    // the workspace's recovery re-fetches the current firm, marked as the retry; here the server refuses it
    const recover = vi.fn(() => {
      state.accessValid = false;
      return apiRequest('/api/dashboard/firms/dash-firm?firmId=f1', { headers: { [DASHBOARD_RETRY_HEADER]: '1' } });
    });
    setDashboardRecovery(recover);
    await expect(apiRequest('/api/dashboard/team')).rejects.toMatchObject({ status: 401 });
    expect(recover).toHaveBeenCalledTimes(1);
    expect(state.requests.filter((r) => r.url.startsWith('/api/dashboard/firms/dash-firm'))).toHaveLength(1);
    expect(state.refreshCalls).toBe(1);
  });
});

describe('errors', () => {
  it('carry the server detail first as their message, and show nothing themselves (the query cache toasts)', async () => {
    const { fetchMock } = fakeServer();
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/public/boom')).rejects.toMatchObject({ status: 500, message: 'Database is on fire.', toasted: false });
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('a read whose 404 means "there is none" resolves to null; other failures still fail', async () => {
    const { fetchMock } = fakeServer();
    vi.stubGlobal('fetch', fetchMock);
    await expect(nullIfNotFound(apiRequest('/api/public/no-such-thing'))).resolves.toBeNull();
    await expect(nullIfNotFound(apiRequest('/api/public/boom'))).rejects.toMatchObject({ status: 500 });
  });
});

describe('check-session', () => {
  it('refreshes through a 401, then caches the answer for 10 minutes', async () => {
    const { state, fetchMock } = fakeServer();
    vi.stubGlobal('fetch', fetchMock);
    expect(await checkSession()).toMatchObject({ id: 'u1' });
    expect(state.refreshCalls).toBe(1);
    const asked = state.requests.length;
    await checkSession();
    expect(state.requests.length).toBe(asked);
    await checkSession({ force: true });
    expect(state.requests.length).toBe(asked + 1);
  });

  it('a failed check clears the user and settles the status', async () => {
    const { fetchMock } = fakeServer({ refreshWorks: false });
    vi.stubGlobal('fetch', fetchMock);
    useSessionStore.setState({ status: 'signedIn', user: USER as never });
    expect(await checkSession({ force: true })).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ status: 'signedOut', user: null });
  });
});
