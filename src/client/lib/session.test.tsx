import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { initialSessionStatus, mayHaveSession } from '../../shared/session-hint';
import { setStored, STORAGE_KEYS } from './signed-storage';
import enCommon from '../locales/en/common.json';

/**
 * The session store's first status comes from the session hint cookie (src/shared/session-hint.ts):
 * no hint means nobody is signed in, and the app neither waits for nor asks check-session.
 */

function clearCookies() {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0].trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

/** A fresh copy of lib/session.ts, evaluated with the cookies the browser has now. */
async function freshSession() {
  vi.resetModules();
  return import('./session');
}

afterEach(() => {
  clearCookies();
  vi.unstubAllGlobals();
});

describe('initial session status from the cookies', () => {
  it('is signedOut without a hint or refresh cookie, unknown with either', () => {
    expect(initialSessionStatus('')).toBe('signedOut');
    expect(initialSessionStatus(null)).toBe('signedOut');
    expect(initialSessionStatus('souk_lang=fr; theme=dark')).toBe('signedOut');
    expect(initialSessionStatus('souk_session=1')).toBe('unknown');
    expect(initialSessionStatus('souk_lang=fr; souk_session=1')).toBe('unknown');
    // the server also sees the HttpOnly refresh cookie, with or without its __Host- prefix
    expect(initialSessionStatus('__Host-souk_rt=abc.def')).toBe('unknown');
    expect(initialSessionStatus('souk_rt=abc.def')).toBe('unknown');
  });

  it('does not mistake look-alike or emptied cookies for the hint', () => {
    expect(mayHaveSession('xsouk_session=1')).toBe(false);
    expect(mayHaveSession('souk_session_old=1')).toBe(false);
    expect(mayHaveSession('souk_session=')).toBe(false);
    expect(mayHaveSession('__Host-souk_at=token')).toBe(false);
  });

  it('starts the store signedOut in a browser without the hint, and never calls check-session at start', async () => {
    const fetchMock = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    const session = await freshSession();
    expect(session.useSessionStore.getState().status).toBe('signedOut');
    expect(session.useSessionStore.getInitialState().status).toBe('signedOut');
    expect(await session.startSession()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('starts the store unknown with the hint, and asks check-session once at start', async () => {
    document.cookie = 'souk_session=1; Path=/';
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ success: false, user: null }), { headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const session = await freshSession();
    expect(session.useSessionStore.getState().status).toBe('unknown');
    await session.startSession();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/iam/auth/check-session');
    expect(session.useSessionStore.getState().status).toBe('signedOut');
  });

  it('lets the server render with the status of each request, then puts the store back', async () => {
    const session = await freshSession();
    function Status() {
      return <p>{session.useSessionStore((state) => state.status)}</p>;
    }
    expect(session.renderWithSessionStatus('signedOut', () => renderToString(<Status />))).toBe('<p>signedOut</p>');
    expect(session.renderWithSessionStatus('unknown', () => renderToString(<Status />))).toBe('<p>unknown</p>');
    // outside a server render, the first render reads the store's own initial state
    expect(renderToString(<Status />)).toBe(`<p>${session.useSessionStore.getInitialState().status}</p>`);
  });
});

describe('offline (the ticket wallet at the venue)', () => {
  const layla = {
    id: 'u1',
    firstName: 'Layla',
    lastName: 'Haddad',
    flip: 'layla.haddad',
    imagePath: null,
    totalFriends: 3,
    statusCode: 1,
    regionPreference: 'EU' as const,
    hourFormat: 24 as const,
  };

  afterEach(() => localStorage.clear());

  it('a check-session that gets no answer keeps the last user of this device signed in, unchecked', async () => {
    document.cookie = 'souk_session=1; Path=/';
    const first = await freshSession();
    first.markSignedIn(layla);
    // a new page, offline: the request fails before any answer
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const offline = await freshSession();
    expect(await offline.startSession()).toEqual(layla);
    expect(offline.useSessionStore.getState()).toMatchObject({ status: 'signedIn', user: layla });
  });

  it('an answer saying nobody is signed in forgets the last user, and tells the listeners (the wallet leaves the device)', async () => {
    document.cookie = 'souk_session=1; Path=/';
    const first = await freshSession();
    first.markSignedIn(layla);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: false, user: null }), { headers: { 'Content-Type': 'application/json' } })),
    );
    const next = await freshSession();
    const forgotten = vi.fn();
    next.onSignedOut(forgotten);
    expect(await next.startSession()).toBeNull();
    expect(forgotten).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('souk_last_user')).toBeNull();
  });
});

describe('other tabs of this browser', () => {
  const user = (id: string, firstName: string) => ({
    id,
    firstName,
    lastName: 'Haddad',
    flip: `${firstName.toLowerCase()}.haddad`,
    imagePath: null,
    totalFriends: 0,
    statusCode: 1,
    regionPreference: 'EU' as const,
    hourFormat: 24 as const,
  });

  afterEach(() => localStorage.clear());

  /** What another tab's sign-in or sign-out does to the shared storage, and the event this tab gets. */
  function otherTab(signedInAs: ReturnType<typeof user> | null) {
    if (signedInAs) setStored(STORAGE_KEYS.lastUser, signedInAs, 60_000);
    else localStorage.removeItem(STORAGE_KEYS.lastUser);
    dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.lastUser }));
  }

  it('a sign-out in another tab signs this one out: its data forgotten, the page told, a toast says why', async () => {
    const tab = await freshSession();
    tab.markSignedIn(user('u1', 'Layla'));
    const forgotten = vi.fn();
    const changed = vi.fn();
    tab.onSignedOut(forgotten);
    tab.onSessionChangedElsewhere(changed);

    // the same user written again (another tab's check-session): nothing changes
    otherTab(user('u1', 'Layla'));
    expect(changed).not.toHaveBeenCalled();

    // the toast store and i18next of the same fresh copy of the modules
    const { useToastStore } = await import('./toast-store');
    const { i18next } = await import('./i18n');
    await i18next.init({ lng: 'en', defaultNS: 'common', resources: { en: { common: enCommon } } });
    otherTab(null);
    expect(tab.useSessionStore.getState()).toMatchObject({ status: 'signedOut', user: null });
    expect(forgotten).toHaveBeenCalledTimes(1);
    expect(changed).toHaveBeenCalledTimes(1);
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual(['You signed out in another tab.']);

    // other keys of the storage are not about the session
    dispatchEvent(new StorageEvent('storage', { key: 'souk_query_cache' }));
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('a sign-in in another tab signs this one in; another user there forgets the one this tab had', async () => {
    const tab = await freshSession();
    tab.useSessionStore.getState().setUser(null);
    const forgotten = vi.fn();
    const changed = vi.fn();
    tab.onSignedOut(forgotten);
    tab.onSessionChangedElsewhere(changed);

    otherTab(user('u1', 'Layla'));
    expect(tab.useSessionStore.getState()).toMatchObject({ status: 'signedIn', user: { id: 'u1' } });
    expect(changed).toHaveBeenCalledTimes(1);
    expect(forgotten).not.toHaveBeenCalled();

    otherTab(user('u2', 'Omar'));
    expect(tab.useSessionStore.getState().user?.id).toBe('u2');
    expect(forgotten).toHaveBeenCalledTimes(1);
    expect(changed).toHaveBeenCalledTimes(2);
  });
});
