import { createStore } from 'zustand';
import type { AuthResponse, SessionUser } from '../../shared/user';
import { AUTH_CACHE_MS } from '../../shared/limits';
import { initialSessionStatus, type SessionStatus } from '../../shared/session-hint';
import { ApiError, apiRequest, configureSessionHooks } from './api-client';
import { i18next } from './i18n';
import { toast } from './toast-store';
import { getStored, removeStored, setStored, STORAGE_KEYS } from './signed-storage';
import { perRenderStore } from './per-render-store';

/**
 * Who is signed in. `status` is 'unknown' until the first check-session answers; pages that
 * differ for signed-in users show a loading indicator meanwhile (spec: landing page).
 * The auth feature's sign-in flows fill it; check-session and logout live here, as any feature may
 * check or end the session; everything else only reads it.
 *
 * A browser without the session hint cookie (src/shared/session-hint.ts) has no session at all:
 * the store starts 'signedOut' and nobody waits for check-session. The server renderer reads the
 * same cookie, so the server HTML and the hydrating render agree.
 */
interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  setUser(user: SessionUser | null): void;
}

const sessionStore = createStore<SessionState>()((set) => ({
  status: typeof document === 'undefined' ? 'unknown' : initialSessionStatus(document.cookie),
  user: null,
  setUser: (user) => set({ user, status: user ? 'signedIn' : 'signedOut' }),
}));

// The browser's first render reads the cookie's answer above; the server renderer says per request
// what it is (see per-render-store.ts).
const renderedSession = perRenderStore(sessionStore);

export const useSessionStore = renderedSession.useStore;

/**
 * Server rendering: runs the synchronous `render` (renderToString) with the session status of
 * this request (from its cookies, see `initialSessionStatus`), and nobody signed in.
 */
export function renderWithSessionStatus<T>(status: SessionStatus, render: () => T): T {
  return renderedSession.renderWith({ status, user: null }, render);
}

export const useCurrentUser = () => useSessionStore((state) => state.user);
export const useIsSignedIn = () => useSessionStore((state) => state.status === 'signedIn');

// ---- check-session: cached 10 minutes; a failed check clears user and cache ----

let checkedAt = 0;
let checking: Promise<SessionUser | null> | null = null;

/**
 * Who was signed in last on this device: offline, check-session cannot ask the server, and the
 * ticket wallet must still open at the venue with no signal. Forgotten at sign-out.
 */
const LAST_USER_KEY = STORAGE_KEYS.lastUser;
const LAST_USER_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const signedOutListeners = new Set<() => void>();

/** Runs at every sign-out (the query client forgets the user's data then: lib/query-client.ts). */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

/** Successful login, signup, refresh or social login: sets the user and the logged-in cache. */
export function markSignedIn(user: SessionUser): void {
  checkedAt = Date.now();
  setStored(LAST_USER_KEY, user, LAST_USER_TTL_MS);
  useSessionStore.getState().setUser(user);
}

/** A failed check or a logout: clears both, and what this device kept of the user. */
export function markSignedOut(): void {
  checkedAt = 0;
  const wasSignedIn = useSessionStore.getState().user !== null || getStored(LAST_USER_KEY) !== undefined;
  removeStored(LAST_USER_KEY);
  useSessionStore.getState().setUser(null);
  if (wasSignedIn) for (const listener of signedOutListeners) listener();
}

const elsewhereListeners = new Set<() => void>();

/**
 * Runs when this tab follows a sign-in or sign-out made in another tab of this browser (main.tsx
 * re-checks the current page: a member's page sends a signed-out visitor to the login).
 */
export function onSessionChangedElsewhere(listener: () => void): () => void {
  elsewhereListeners.add(listener);
  return () => elsewhereListeners.delete(listener);
}

/**
 * Tabs of one browser share the session (its cookies) and the device's copy of the user's data,
 * but each held its own idea of who is signed in: after a sign-out in one tab, another kept showing
 * the member's pages (and its wallet). Every sign-in and sign-out writes or removes souk_last_user,
 * and the `storage` event tells the other tabs: they take the same state, forget what the user
 * who left had read, and say so.
 */
export function followOtherTabs(event: Pick<StorageEvent, 'key'>): void {
  if (event.key !== LAST_USER_KEY && event.key !== null) return;
  const user = getStored<SessionUser>(LAST_USER_KEY) ?? null;
  const current = useSessionStore.getState().user;
  if (user?.id === current?.id) return;
  checkedAt = user ? Date.now() : 0;
  if (current) for (const listener of signedOutListeners) listener();
  useSessionStore.getState().setUser(user);
  toast.info(i18next.t(user ? 'session.signedInElsewhere' : 'session.signedOutElsewhere'));
  for (const listener of elsewhereListeners) listener();
}

if (typeof window !== 'undefined') window.addEventListener('storage', followOtherTabs);

/** Logout (a failure is logged and returns false); the local session ends either way. */
export async function logout(): Promise<boolean> {
  try {
    // this browser's push subscription was the leaving user's: the next one must not get their notifications
    // (web push loads on demand: it is not in the entry)
    await import('./web-push').then((push) => push.disablePush()).catch(() => undefined);
    await apiRequest('/api/iam/auth/logout', { method: 'POST' });
    return true;
  } catch (error) {
    console.error('Logout failed', error);
    return false;
  } finally {
    markSignedOut();
  }
}

/**
 * Who is signed in, asking the server at most every 10 minutes. Always settles the store's
 * status (signedIn or signedOut), so pages waiting on 'unknown' never hang.
 */
export function checkSession(options: { force?: boolean } = {}): Promise<SessionUser | null> {
  const state = useSessionStore.getState();
  if (!options.force && state.status !== 'unknown' && Date.now() - checkedAt < AUTH_CACHE_MS) {
    return Promise.resolve(state.user);
  }
  // the server builds the user with the shared sessionUserSchema (auth.service.ts)
  checking ??= apiRequest<AuthResponse>('/api/iam/auth/check-session')
    .then((body) => {
      if (body?.success && body.user) {
        markSignedIn(body.user);
        return body.user;
      }
      markSignedOut();
      return null;
    })
    .catch((error: unknown) => {
      // No answer (offline, the server away): the session is not known to be over. The last user
      // of this device stays signed in on it, unchecked, so the next check asks again.
      const last = error instanceof ApiError && error.status === 0 ? getStored<SessionUser>(LAST_USER_KEY) : undefined;
      if (last) {
        useSessionStore.getState().setUser(last);
        return last;
      }
      markSignedOut();
      return null;
    })
    .finally(() => {
      checking = null;
    });
  return checking;
}

configureSessionHooks({
  onRefreshed: (user) => (user ? markSignedIn(user) : markSignedOut()),
  canRefresh: () => useSessionStore.getState().status !== 'signedOut',
});

/**
 * At start: asks check-session only when a session may exist. Without the hint cookie the store
 * already says 'signedOut' and there is no refresh cookie to use, so there is nothing to ask.
 */
export function startSession(): Promise<SessionUser | null> {
  const state = useSessionStore.getState();
  return state.status === 'unknown' ? checkSession() : Promise.resolve(state.user);
}

// The app asks once at start (not during server rendering, not in unit tests).
if (typeof window !== 'undefined' && !import.meta.env.SSR && import.meta.env.MODE !== 'test') void startSession();
