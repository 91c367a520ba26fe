import { create } from 'zustand';
import { forgetIntent, rememberIntent } from './pending-intent';

interface LoginPopupState {
  open: boolean;
  /** optional line saying what the login is for, e.g. "to save this event" */
  reason?: string;
  show(reason?: string): void;
  hide(): void;
}

/** The login-required popup of the shell. */
export const useLoginPopupStore = create<LoginPopupState>((set) => ({
  open: false,
  reason: undefined,
  show: (reason) => set({ open: true, reason }),
  hide: () => set({ open: false, reason: undefined }),
}));

/**
 * Call when a signed-out user tries something that needs an account. `intent` names what they
 * tried (lib/pending-intent.ts): once they have logged in or signed up and are back on the page,
 * it is done for them. Closing the popup ("Not now") forgets it.
 */
export function requireLogin(reason?: string, intent?: string) {
  if (intent) rememberIntent(intent);
  else forgetIntent();
  useLoginPopupStore.getState().show(reason);
}

const authHref = (page: '/login' | '/signup', pathname: string, search: string): string => {
  const path = pathname.replace(/^\/+/, '');
  if (path === '' || ['login', 'signup'].some((auth) => path === auth || path.startsWith(`${auth}/`))) return page;
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  return `${page}?go=${encodeURIComponent(path + query)}`;
};

/**
 * The login link with `go` set to the current path without its leading slash,
 * or plain /login when the path is empty or already the login or signup page.
 */
export const loginHref = (pathname: string, search = '') => authHref('/login', pathname, search);

/** The signup link, back to the current page the same way. */
export const signupHref = (pathname: string, search = '') => authHref('/signup', pathname, search);
