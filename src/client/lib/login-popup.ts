import { create } from 'zustand';

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

/** Call when a signed-out user tries something that needs an account. */
export const requireLogin = (reason?: string) => useLoginPopupStore.getState().show(reason);

/**
 * The login link with `go` set to the current path without its leading slash,
 * or plain /login when the path is empty or already the login page.
 */
export function loginHref(pathname: string, search = ''): string {
  const path = pathname.replace(/^\/+/, '');
  if (path === '' || path === 'login' || path.startsWith('login/')) return '/login';
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  return `/login?go=${encodeURIComponent(path + query)}`;
}
