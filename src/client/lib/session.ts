import { create } from 'zustand';
import type { SessionUser } from '../../shared/user';
import { AUTH_CACHE_MS } from '../../shared/limits';
import { authResponseSchema } from '../../shared/user';
import { apiRequest, configureSessionHooks } from './api-client';

/**
 * Who is signed in. `status` is 'unknown' until the first check-session answers; pages that
 * differ for signed-in users show a loading indicator meanwhile (spec: landing page).
 * The auth feature fills this store; everything else only reads it.
 */
interface SessionState {
  status: 'unknown' | 'signedIn' | 'signedOut';
  user: SessionUser | null;
  setUser(user: SessionUser | null): void;
}

export const useSessionStore = create<SessionState>((set) => ({
  status: 'unknown',
  user: null,
  setUser: (user) => set({ user, status: user ? 'signedIn' : 'signedOut' }),
}));

export const useCurrentUser = () => useSessionStore((state) => state.user);
export const useIsSignedIn = () => useSessionStore((state) => state.status === 'signedIn');

// ---- check-session (spec section 4): cached 10 minutes; a failed check clears user and cache ----


let checkedAt = 0;
let checking: Promise<SessionUser | null> | null = null;

/** Successful login, signup, refresh or social login: sets the user and the logged-in cache. */
export function markSignedIn(user: SessionUser): void {
  checkedAt = Date.now();
  useSessionStore.getState().setUser(user);
}

/** A failed check or a logout: clears both. */
export function markSignedOut(): void {
  checkedAt = 0;
  useSessionStore.getState().setUser(null);
}

/** Updates the signed-in user in place (profile edits, image, friend count). */
export function updateSessionUser(patch: Partial<SessionUser>): void {
  const { user } = useSessionStore.getState();
  if (user) useSessionStore.getState().setUser({ ...user, ...patch });
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
  checking ??= apiRequest<unknown>('/api/iam/auth/check-session', { suppressToast: true })
    .then((body) => {
      const parsed = authResponseSchema.safeParse(body);
      if (parsed.success && parsed.data.success && parsed.data.user) {
        markSignedIn(parsed.data.user);
        return parsed.data.user;
      }
      markSignedOut();
      return null;
    })
    .catch(() => {
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

// The app asks once at start (not during server rendering, not in unit tests).
if (typeof window !== 'undefined' && !import.meta.env.SSR && import.meta.env.MODE !== 'test') void checkSession();
