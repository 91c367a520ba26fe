import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { initialSessionStatus, mayHaveSession } from '../../shared/session-hint';

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
