import { create } from 'zustand';
import type { SessionUser } from '../../shared/user';

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
